/* Calls dot() from opencl_builtin_names.c, linked with that file or with the
 * host glue looptile generates for it, and prints the results to 4 digits
 * (inputs are small integers, so every sum is exact in float). */
#include <stdio.h>

void dot(int length, int n, const float x[length][n], const float global[n],
         float min[length], float half, float class[length],
         const float new[n]);

int main(void) {
  enum { L = 5, N = 3 };
  float x[L][N], g[N], m[L], c[L], w[N];
  for (int i = 0; i < L; i++)
    for (int j = 0; j < N; j++)
      x[i][j] = (float)(i + j);
  for (int j = 0; j < N; j++) {
    g[j] = (float)(j + 1);
    w[j] = (float)(2 - j);
  }
  dot(L, N, x, g, m, 0.5f, c, w);
  for (int i = 0; i < L; i++)
    printf("%d: %.4f %.4f\n", i, m[i], c[i]);
  return 0;
}
