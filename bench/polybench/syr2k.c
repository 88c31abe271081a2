/* PolyBench 4.2.1 syr2k: the lower triangle of alpha*A*B^T + alpha*B*A^T + beta*C. */
void kernel_syr2k(int n, int m, double alpha, double beta, double C[n][n],
                  double A[n][m], double B[n][m]) {
  int i, j, k;
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
