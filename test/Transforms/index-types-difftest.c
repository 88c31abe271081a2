// Transformations of loops over size_t, long and unsigned indices, checked by
// running the original C and looptile's --emit=c on the same data
// (utils/difftest.py passes each size with its parameter's type): the new
// loops keep the loop variable's type and the printed bounds stay free of
// unsigned subtractions (`i + 1 < n`).
// RUN: %difftest %s --function saxpy -- --function saxpy --strip-mine i=4
// RUN: %difftest %s --function transpose -- --function transpose --tile 4
// RUN: %difftest %s --function transpose -- --function transpose --interchange i,j
// RUN: %difftest %s --function shift -- --function shift --strip-mine i=3
// RUN: %difftest %s --function stencil -- --function stencil --strip-mine i=5
// RUN: %difftest %s --function stencil -- --function stencil --interchange i,j
// RUN: %difftest %s --function widths -- --function widths --tile 3
#include <stddef.h>

void saxpy(size_t n, float a, const float *restrict x, float *restrict y) {
  for (size_t i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

void transpose(size_t n, size_t m, float *restrict A, const float *restrict B) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      A[i*m + j] = B[j*n + i];
}

void shift(unsigned n, float A[n]) {
  for (unsigned i = 0; i + 1 < n; i++)
    A[i] = A[i + 1] + (float)i;
}

void stencil(size_t n, size_t m, const float A[n][m], float B[n][m]) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      if (i > 0 && i + 1 < n && j > 0 && j < m - 1)
        B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1];
      else
        B[i][j] = A[i][j];
}

void widths(long n, unsigned long m, float A[n][m]) {
  for (long i = 0; i < n; i++)
    for (unsigned long j = 0; j < m; j++)
      A[i][j] = A[i][j] * 0.5f + (float)i - (float)j;
}
