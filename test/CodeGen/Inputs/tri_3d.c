/* A parallel band whose inner bounds mention outer mapped loops
 * (test/CodeGen/run-triangular-band.test). */
void tri_3d(int n, float C[n][n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      for (int k = j; k <= i; k++)
        C[i][j][k] = C[i][j][k] * 0.5f + (float)(i + j + k);
}
