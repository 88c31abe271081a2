/* Index types other than int for the kernel tests: SAXPY over size_t, a
 * value that uses an unsigned loop variable's wrap-around ((i - 1) % 7 is 1
 * at i = 0 in size_t, -1 in a signed type), and a 2-D stencil over long
 * sizes with unsigned columns. */
#include <stddef.h>

void saxpy(size_t n, float a, const float *restrict x, float *restrict y) {
  for (size_t i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

void wrap_value(size_t n, const float *restrict x, float *restrict y) {
  for (size_t i = 0; i < n; i++)
    y[i] = x[i] + (float)((i - 1) % 7);
}

void stencil(long n, unsigned m, const float A[n][m], float B[n][m]) {
  for (long i = 0; i < n; i++)
    for (unsigned j = 0; j < m; j++)
      if (i > 0 && i < n - 1 && j > 0 && j + 1 < m)
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
      else
        B[i][j] = A[i][j];
}
