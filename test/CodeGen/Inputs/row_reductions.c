/* Per-row reductions (docs/kernels.md, "Reductions"): a parallel row loop
 * whose inner reductions read along the row. */
#include <math.h>

void matvec(int n, int m, const float A[n][m], const float x[m], float y[n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

/* The accumulator is the output element itself, updated from its value. */
void rowsum(int n, int m, const double *restrict A, double *restrict y) {
  for (int i = 0; i < n; i++) {
    y[i] = 0.5 * y[i];
    for (int j = 0; j < m; j++)
      y[i] += A[i * m + j];
  }
}

/* Max, sum of exponentials, normalise: two reductions and a parallel loop
 * per row. */
void softmax(int n, int m, const float x[n][m], float y[n][m]) {
  for (int i = 0; i < n; i++) {
    float mx = x[i][0];
    for (int j = 0; j < m; j++)
      mx = fmaxf(mx, x[i][j]);
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += expf(x[i][j] - mx);
    for (int j = 0; j < m; j++)
      y[i][j] = expf(x[i][j] - mx) / s;
  }
}

/* An int row maximum written with ?: (exact). */
void rowmax(int n, int m, const int A[n][m], int y[n]) {
  for (int i = 0; i < n; i++) {
    int best = A[i][0];
    for (int j = 1; j < m; j++)
      best = A[i][j] > best ? A[i][j] : best;
    y[i] = best;
  }
}

/* Column sums: the reads A[j][i] are consecutive across i already, so no
 * work-group per row: a column reduction (columns by lanes) instead. */
void colsum(int n, int m, const float A[m][n], float y[n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[j][i];
    y[i] = s;
  }
}

/* Not a reduction: the running sum is stored in every iteration (a prefix
 * sum per row), so j is sequential and each row stays one work-item. */
void rowprefix(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++) {
      s += A[i][j];
      B[i][j] = s;
    }
  }
}
