/* Matrix-vector product, one row sum per i (a private accumulator). */
void matvec(int n, int m, const float A[n][m], const float x[m], float y[n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}
