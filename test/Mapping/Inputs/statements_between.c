void stmts(int n, float A[n][n], float B[n][n], float C[n][n], float x[n],
           float out[1]) {
  float s = 2.0f;
  for (int i = 0; i < n; i++)
    x[i] = x[i] * s;
  float t = 3.0f;
  s = t + 1.0f;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        C[i][j] += A[i][k] * B[k][j];
  out[0] = s;
}
