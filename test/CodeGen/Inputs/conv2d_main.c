/* Calls conv2d() on an out array that already holds values (the caller's
 * border must survive) and prints a checksum of the border and of the
 * interior. Link it with conv2d.c or with the host glue looptile
 * generates for it. */
#include <stdio.h>
#include <stdlib.h>

void conv2d(int N, int M, const float in[N][M], float out[N][M]);

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 37, M = argc > 2 ? atoi(argv[2]) : 53;
  float *in = malloc(sizeof(float) * N * M), *out = malloc(sizeof(float) * N * M);
  for (int i = 0; i < N * M; i++) {
    in[i] = (float)(i % 17) * 0.25f;
    out[i] = -1.0f - (float)(i % 5);
  }
  conv2d(N, M, (const float(*)[M])in, (float(*)[M])out);
  double Border = 0, Interior = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double V = out[i * M + j] * (1.0 + (i * 31 + j) % 7);
      if (i == 0 || j == 0 || i == N - 1 || j == M - 1)
        Border += V;
      else
        Interior += V;
    }
  printf("conv2d %dx%d: border %.6f interior %.6f\n", N, M, Border, Interior);
  free(in);
  free(out);
  return 0;
}
