/* Two statements: isl gives S0 the wavefront 2i + j (its loops' bounds
   divide) and S1 a plain order, in sibling nests whose loops share isl's
   iterator names. */
void two(int n, int m, float A[n][m], float B[n][m]) {
  for (int i = 3; i < n; i++)
    for (int j = 2; j < m - 1; j++) {
      A[i][j] = A[i - 1][j + 1] + 0.5f * A[i][j - 1];
      B[i][j] = A[i][j] * 2.0f + B[i - 1][j];
    }
}
