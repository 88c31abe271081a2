/* Calls sum() from return_value.c, through either the C function or
 * looptile's host glue, and prints what it returns. */
#include <stdio.h>
#include <stdlib.h>

float sum(int n, const float *restrict A);

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  float *A = malloc(n * sizeof(float));
  for (int i = 0; i < n; i++)
    A[i] = (float)(i % 13) * 0.25f + 0.125f;
  printf("sum %a\n", sum(n, A));
  free(A);
  return 0;
}
