/* Calls the glue's select() and random() (the source's functions, not the
 * C library's) and prints their results. */
#include "looptile/Runtime/Glue.h"
#include <stdio.h>

void select(int n, int *A, const int *B);
void random(int n, float *x);

int main(void) {
  int A[4], B[4] = {1, 2, 3, 4};
  float x[3] = {0.5f, 1.0f, -2.0f};
  select(4, A, B);
  random(3, x);
  printf("select: %d %d %d %d code %d\n", A[0], A[1], A[2], A[3],
         looptile_last_error());
  printf("random: %g %g %g code %d\n", x[0], x[1], x[2],
         looptile_last_error());
  return 0;
}
