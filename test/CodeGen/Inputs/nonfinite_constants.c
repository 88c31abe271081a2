/* math.h's INFINITY, NAN and HUGE_VAL as values: a row maximum that starts
 * at -INFINITY, a ReLU that maps NaN inputs to NAN explicitly, and a
 * double clamp at HUGE_VAL. */
#include <math.h>

void row_max(int n, int m, const float X[n][m], float out[n]) {
  for (int i = 0; i < n; i++) {
    float best = -INFINITY;
    for (int j = 0; j < m; j++)
      best = X[i][j] > best ? X[i][j] : best;
    out[i] = best;
  }
}

void relu_or_nan(int n, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.5f ? NAN : (x[i] > 0.0f ? x[i] : 0.0f);
}

void clamp_huge(int n, const double x[n], double y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.9 ? HUGE_VAL : (x[i] < -0.9 ? -HUGE_VAL : x[i]);
}
