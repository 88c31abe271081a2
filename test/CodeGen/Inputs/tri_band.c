/* A parallel band whose inner bounds mention outer mapped loops
 * (test/CodeGen/run-triangular-band.test). */
void tri_band(int n, const float B[n][n], float A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = (i - 2 > 0 ? i - 2 : 0); j <= (i + 2 < n - 1 ? i + 2 : n - 1); j++)
      A[i][j] = B[i][j] * 2.0f + (float)j;
}
