/* PolyBench's cholesky with an initialiser that makes A symmetric and
   strictly diagonally dominant with a positive diagonal (so positive
   definite: every square root is of a positive number, no NaN). */
#include <math.h>
void kernel_cholesky(int n, double A[n][n]) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      for (k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

void init_spd(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      A[i][j] = A[j][i] = (A[i][j] + A[j][i]) / 2.0;
      if (i == j)
        A[i][i] = n + 1.0;
    }
}
