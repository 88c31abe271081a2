/* A reduction along each row in every step of a time loop that runs on
 * the host (each step reads all of x, which the step before wrote): a
 * max-plus product (exact in any order) and a matrix-vector product (a
 * float sum, whose rounding the steps could amplify in another order). */
void rows_max(int T, int n, const int A[n][n], int x[n], int y[n]) {
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < n; i++) {
      int m = x[i];
      for (int j = 0; j < n; j++)
        m = m > A[i][j] - x[j] ? m : A[i][j] - x[j];
      y[i] = m;
    }
    for (int i = 0; i < n; i++)
      x[i] = y[i] - 1;
  }
}

void rows_sum(int T, int n, const float A[n][n], float x[n], float y[n]) {
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < n; i++) {
      float s = 0.0f;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
    for (int i = 0; i < n; i++)
      x[i] = 0.5f * y[i];
  }
}
