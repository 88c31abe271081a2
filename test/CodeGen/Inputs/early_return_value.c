/* An early `return k;` under a condition on the sizes in a function that
   returns a value (run-early-return-value-pocl.test). */
#include <math.h>

/* Mean cross-entropy of the labelled classes (a gather). */
float mean_loss(int n, int nc, const float probs[n][nc], const int labels[n]) {
  if (n <= 0)
    return 0.0f;
  float loss = 0.0f;
  for (int i = 0; i < n; i++)
    loss += -logf(fmaxf(probs[i][labels[i]], 1e-12f));
  return loss / n;
}

/* Statements before the early return run under its condition. */
int count_positive(int n, int m, const float x[n][m], int *restrict flag) {
  if (n < 2 || m < 2) {
    flag[0] = 1;
    return -1;
  }
  int c = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c += x[i][j] > 0.0f;
  flag[0] = 0;
  return c;
}

/* The pairs: a condition on data, and an early value that is not a
   constant; each is refused with the rewrite. */
float on_data(int n, const float x[n]) {
  if (x[0] > 0.0f)
    return 1.0f;
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
float early_value_reads(int n, const float x[n]) {
  if (n < 2)
    return x[0];
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
