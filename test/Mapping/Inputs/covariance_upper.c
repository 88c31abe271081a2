/* The upper triangle (j >= i) of a covariance-like product. */
void covariance_upper(int n, int m, const float D[n][m], float S[m][m]) {
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      S[i][j] = 0.0f;
      for (int k = 0; k < n; k++)
        S[i][j] += D[k][i] * D[k][j];
      S[j][i] = S[i][j];
    }
}
