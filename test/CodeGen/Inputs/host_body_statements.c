// LU (right-looking) with its pivot in a function-scope scalar: statements
// directly in the host loop body (piv = A[k][k]; D[k] = piv;) run as one
// kernel of one work-item per iteration of k, before the nests they feed.
void lu_piv(int N, float A[N][N], float D[N]) {
  float piv;
  for (int i = 0; i < N; i++)
    A[i][i] = A[i][i] + 2.0f * (float)N;
  for (int k = 0; k < N; k++) {
    piv = A[k][k];
    D[k] = piv;
    for (int i = k + 1; i < N; i++)
      A[i][k] = A[i][k] / piv;
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}
