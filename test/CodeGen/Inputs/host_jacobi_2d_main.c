// Calls jacobi_2d (host_jacobi_2d.c, or its host glue) on a deterministic
// input and prints every element of A and B as hexadecimal floats, so that
// two builds can be compared exactly.
#include <stdio.h>
#include <stdlib.h>

void jacobi_2d(int T, int N, float A[N][N], float B[N][N]);

int main(int argc, char **argv) {
  int T = atoi(argv[1]), N = atoi(argv[2]);
  float(*A)[N] = malloc(sizeof(float[N][N]));
  float(*B)[N] = malloc(sizeof(float[N][N]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (float)((i * 7 + j * 13) % 17) / 16.0f;
      B[i][j] = (float)((i * 3 + j * 5) % 11) / 8.0f;
    }
  jacobi_2d(T, N, A, B);
  // A second call on the results: the glue's state between calls.
  jacobi_2d(T, N, A, B);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      printf("%d %d %a %a\n", i, j, A[i][j], B[i][j]);
  free(A);
  free(B);
  return 0;
}
