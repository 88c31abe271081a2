/* Host loops in one work-group (work-group-loop.test). */
void smooth(int T, int n, double A[n], double B[n]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.25 * A[i - 1] + 0.5 * A[i] + 0.25 * A[i + 1];
    for (int i = 1; i < n - 1; i++)
      A[i] = B[i];
  }
}

void lower_solve(int n, float L[n][n], float x[n], float b[n]) {
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

void eliminate(int n, float A[n][n]) {
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}

void power(int T, int n, float A[n][n], float B[n][n], float C[n][n]) {
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++) {
        C[i][j] = 0.0f;
        for (int k = 0; k < n; k++)
          C[i][j] += A[i][k] * B[k][j];
      }
    for (int i = 0; i < n; i++)
      for (int j = 0; j < n; j++)
        A[i][j] = C[i][j];
  }
}
