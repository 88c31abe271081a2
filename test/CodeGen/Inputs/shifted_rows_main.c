/* Calls shifted_rows() on an array of (M - 1)*(K + 1) + 1 elements and
 * prints them. Link it with shifted_rows.c or with its host glue. */
#include <stdio.h>
#include <stdlib.h>

void shifted_rows(int M, int K, float *restrict A);

int main(int argc, char **argv) {
  int M = atoi(argv[1]), K = atoi(argv[2]);
  int Count = (M - 1) * (K + 1) + 1;
  float *A = malloc(sizeof(float) * Count);
  for (int i = 0; i < Count; i++)
    A[i] = (float)i;
  shifted_rows(M, K, A);
  printf("shifted_rows %d %d:", M, K);
  for (int i = 0; i < Count; i++)
    printf(" %g", A[i]);
  printf("\n");
  free(A);
  return 0;
}
