/* syrk restricted to a band below the diagonal (i - 4 <= j <= i): j has two
   lower bounds (0 and i - 4). */
void syrk_band(int n, int m, float alpha, float C[n][n], const float A[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = (i - 4 > 0 ? i - 4 : 0); j <= i; j++)
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
}
