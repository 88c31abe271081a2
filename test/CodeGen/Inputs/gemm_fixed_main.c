/* Calls gemm_fixed() with the sizes on the command line and prints a
 * checksum of C. Link it with gemm_fixed.c or with its host glue. */
#include <stdio.h>
#include <stdlib.h>

void gemm_fixed(int ni, int nj, int nk, float alpha, float beta,
                float C[20][25], const float A[20][30], const float B[30][25]);

static float C[20][25], A[20][30], B[30][25];

int main(int argc, char **argv) {
  int ni = atoi(argv[1]), nj = atoi(argv[2]), nk = atoi(argv[3]);
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 30; j++)
      A[i][j] = (float)((i * 7 + j) % 11) * 0.125f;
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 25; j++)
      B[i][j] = (float)((i + j * 3) % 13) * 0.25f;
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 25; j++)
      C[i][j] = (float)(i - j);
  gemm_fixed(ni, nj, nk, 1.5f, 0.5f, C, (const float(*)[30])A,
             (const float(*)[25])B);
  double Sum = 0;
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 25; j++)
      Sum += C[i][j] * (1 + (i + j) % 3);
  printf("gemm_fixed %d %d %d: %.4f\n", ni, nj, nk, Sum);
  return 0;
}
