/* Calls saxpy(size_t n, ...) from index_types.c, through either the C
 * function or looptile's host glue, and prints a checksum. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

void saxpy(size_t n, float a, const float *restrict x, float *restrict y);

int main(int argc, char **argv) {
  size_t n = argc > 1 ? (size_t)atol(argv[1]) : 1000;
  float *x = malloc(n * sizeof(float)), *y = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; i++) {
    x[i] = (float)(i % 13) * 0.5f;
    y[i] = (float)(i % 7);
  }
  saxpy(n, 2.0f, x, y);
  double s = 0;
  for (size_t i = 0; i < n; i++)
    s += y[i] * (double)(i % 5 + 1);
  printf("checksum %.1f\n", s);
  free(x);
  free(y);
  return 0;
}
