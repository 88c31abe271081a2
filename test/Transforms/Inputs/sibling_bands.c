// Two sibling bands under i that reuse the names j and k (defect 13 of
// issue 11): the first has only '=' dependences, the second a (=, <, >) one.
void sibling_bands(int N, float A[N][N][N], float B[N][N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = A[i][j][k] * 0.5f + B[i][k][j];
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N - 1; k++)
        B[i][j][k] = B[i][j - 1][k + 1] + 1.0f;
  }
}
