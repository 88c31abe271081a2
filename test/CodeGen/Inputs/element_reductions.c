// Reductions into one array element whose terms read other elements of the
// same array, proved never to be it (k < n: A[k][*] is never A[n][0]).
#include <math.h>
// Guarded terms: the guard reads the array too.
void guarded(int n, double A[n + 1][3]) {
  for (int k = 0; k < n; k++)
    if (A[k][1] > 0)
      A[n][0] += A[k][1] * A[k][2];
}
// A minimum: exact in any order.
void fminred(int n, double A[n + 1][3]) {
  for (int k = 0; k < n; k++)
    A[n][0] = fmin(A[n][0], A[k][0] + A[k][2]);
}
// Two updates of the element per iteration.
void twice(int n, double A[n + 1][3]) {
  for (int k = 0; k < n; k++) {
    A[n][0] += A[k][1];
    A[n][0] += A[k][2];
  }
}
// Per row: the row's last element sums the others (a work-group per row).
void rows(int n, int m, double A[n][m + 1]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i][m] += A[i][j];
}
