/* A program that calls mmm(). Link it with examples/mmm.c for the C
 * version, or with the host glue looptile generates (mmm.host.cpp, a
 * drop-in replacement with the same name and parameters) for the OpenCL
 * version. With looptile installed (cmake --install build --prefix P):
 *
 *   CMake (configure with -DCMAKE_PREFIX_PATH=P):
 *     find_package(looptile REQUIRED)
 *     add_executable(mmm_opencl mmm_main.c)
 *     looptile_add_opencl(TARGET mmm_opencl SOURCE mmm.c FUNCTION mmm TILE 16)
 *
 *   pkg-config (PKG_CONFIG_PATH=P/lib/pkgconfig):
 *     looptile examples/mmm.c --tile 16 -o mmm.cl
 *     c++ -std=c++17 $(pkg-config --cflags looptile-runtime) -c mmm.host.cpp
 *     cc examples/mmm_main.c mmm.host.o $(pkg-config --libs looptile-runtime) \
 *        -o mmm_opencl && ./mmm_opencl 300 200 100
 *
 * It checks the result against a plain triple loop of its own and prints the
 * largest difference. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

void mmm(int M, int N, int K, const float A[M][K], const float B[K][N],
         float C[M][N]);

int main(int argc, char **argv) {
  int M = argc > 1 ? atoi(argv[1]) : 300;
  int N = argc > 2 ? atoi(argv[2]) : 200;
  int K = argc > 3 ? atoi(argv[3]) : 100;
  if (M < 1 || N < 1 || K < 1) {
    fprintf(stderr, "usage: %s [M N K], all positive\n", argv[0]);
    return 2;
  }
  float *A = malloc(sizeof(float) * M * K), *B = malloc(sizeof(float) * K * N);
  float *C = malloc(sizeof(float) * M * N);
  unsigned seed = 12345;
  for (int i = 0; i < M * K; i++)
    A[i] = (float)((seed = seed * 1103515245u + 12345u) >> 16 & 0x7fff) / 32768.0f - 0.5f;
  for (int i = 0; i < K * N; i++)
    B[i] = (float)((seed = seed * 1103515245u + 12345u) >> 16 & 0x7fff) / 32768.0f - 0.5f;
  mmm(M, N, K, (const float(*)[K])A, (const float(*)[N])B, (float(*)[N])C);
  double MaxDiff = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      double Ref = 0;
      for (int k = 0; k < K; k++)
        Ref += (double)A[i * K + k] * B[k * N + j];
      double D = fabs(Ref - C[i * N + j]);
      if (D > MaxDiff)
        MaxDiff = D;
    }
  printf("mmm %dx%dx%d: max difference to the reference %.3g\n", M, N, K, MaxDiff);
  free(A);
  free(B);
  free(C);
  /* float accumulation over K terms of size <= 0.25 each */
  return MaxDiff <= 1e-5 * K ? 0 : 1;
}
