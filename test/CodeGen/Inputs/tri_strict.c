/* A parallel band whose inner bounds mention outer mapped loops
 * (test/CodeGen/run-triangular-band.test). */
void tri_strict(int n, int m, const float B[m][n], float A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = i + 1; j < n + 3 && j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < m; k++)
        s += B[k][i] * B[k][j];
      A[i][j] = s;
    }
}
