/* Several functions in one file: two that map to kernels (saxpy, and
 * smooth, a time-stepped 3-point stencil: a host program), one the code
 * generator refuses without --single-work-item (prefix, a running sum), and a
 * main() printing with printf, which the frontend skips. */
#include <stdio.h>

void saxpy(int n, float a, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

void smooth(int T, int n, float A[n], float B[n]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.25f * A[i - 1] + 0.5f * A[i] + 0.25f * A[i + 1];
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
}

void prefix(int n, float *restrict x) {
  /* a running sum: each iteration reads the one before */
  for (int i = 1; i < n; i++)
    x[i] = x[i] + x[i - 1];
  return;
}

int main(void) {
  float x[4] = {1, 2, 3, 4}, y[4] = {4, 3, 2, 1};
  saxpy(4, 2.0f, x, y);
  prefix(4, y);
  printf("%g\n", y[3]);
  return 0;
}
