/* Whole-nest reductions (docs/kernels.md, "Reductions"): each loop only
 * combines terms into one value, with +, *, min or max, so it becomes a
 * work-group tree reduction. */
#include <math.h>

float dot(int n, const float *restrict x, const float *restrict y) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

void sum_out(int n, const float *restrict x, float *restrict out) {
  float s = 0.5f;
  for (int i = 0; i < n; i++)
    s += x[i];
  *out = s;
}

void max_fmaxf(int n, const float *restrict x, float *restrict out) {
  float m = -2.0f;
  for (int i = 0; i < n; i++)
    m = fmaxf(m, x[i]);
  *out = m;
}

float max_select(int n, const float *restrict x) {
  float m = x[0];
  for (int i = 0; i < n; i++)
    m = x[i] > m ? x[i] : m;
  return m;
}

int isum(int n, const int *restrict x) {
  int s = 7;
  for (int i = 0; i < n; i++)
    s = s + x[i] * 3;
  return s;
}

void dmin_if(int n, const double *restrict x, double R[3]) {
  for (int i = n - 1; i >= 0; i--)
    if (x[i] < R[1])
      R[1] = x[i];
}

double dprod(int n, const double *restrict x) {
  double p = 1.0;
  for (int i = 0; i < n; i++)
    p *= 1.0 + 0.001 * x[i];
  return p;
}

/* Not a reduction: the running sum is also read inside the loop. */
void prefix(int n, const float *restrict x, float *restrict y) {
  float s = 0.0f;
  for (int i = 0; i < n; i++) {
    s += x[i];
    y[i] = s;
  }
}

/* A rectangle of two loops (one with a negative step) flattened into one
 * iteration space. */
int imax2(int n, int m, const int A[n][m]) {
  int best = -5;
  for (int i = 0; i < n; i++)
    for (int j = m - 1; j >= 0; j--)
      best = A[i][j] > best ? A[i][j] : best;
  return best;
}

double msum(int n, int m, const double A[n][m]) {
  double s = 1.0;
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      if (A[i - 1][j] > 0.0)
        s += A[i][j + 1] * A[i - 1][j];
  return s;
}

/* A triangle is not flattened: refused, with the reason in a note. */
float tri(int n, const float A[n][n]) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      s += A[i][j];
  return s;
}
