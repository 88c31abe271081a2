/* PolyBench 4.2.1 trmm: B = alpha * A^T * B, A unit lower triangular. */
void kernel_trmm(int m, int n, double alpha, double A[m][m], double B[m][n]) {
  int i, j, k;
  for (i = 0; i < m; i++)
    for (j = 0; j < n; j++) {
      for (k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
