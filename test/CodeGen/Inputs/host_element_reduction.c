// Reductions into one array element inside host loops (issue 12). lu is
// PolyBench's left-looking LU, after a first nest that makes the matrix
// diagonally dominant (LU without pivoting on random inputs amplifies
// rounding differences, and the reordered sums differ from the C's by
// rounding); with i and j fixed by the host loops, A[i][k] and A[k][j]
// (k < j < i) are never A[i][j], so k is a reduction into A[i][j].
void lu(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    A[i][i] += n;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

// PolyBench's cholesky after the same first nest (the lower triangle then
// defines a symmetric, diagonally dominant matrix with a positive
// diagonal: positive definite, so no square root of a negative number):
// k < j is a reduction into A[i][j], k < i one into A[i][i] whose term
// reads A[i][k] twice.
#include <math.h>
void cholesky(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    A[i][i] += n;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}

// Refused: with j > i, k < j reaches k = i, where A[k][j] is A[i][j], the
// running sum.
void reaches(int n, double A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
}
