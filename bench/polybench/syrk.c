/* PolyBench 4.2.1 syrk: the lower triangle of C = alpha*A*A^T + beta*C. */
void kernel_syrk(int n, int m, double alpha, double beta, double C[n][n],
                 double A[n][m]) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++) {
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
  }
}
