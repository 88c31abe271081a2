/* PolyBench syrk: the lower triangle (j <= i), i-k-j. */
void syrk(int n, int m, float alpha, float beta, float C[n][n],
          const float A[n][m]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}
