/* PolyBench mvt: x1 += A y_1, x2 += A^T y_2. */
void mvt(int n, float x1[n], float x2[n], const float y_1[n],
         const float y_2[n], const float A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x1[i] = x1[i] + A[i][j] * y_1[j];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      x2[i] = x2[i] + A[j][i] * y_2[j];
}
