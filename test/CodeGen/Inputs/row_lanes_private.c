/* A row loop whose body fills a private array with a parallel loop before a
   reduction along the columns (run-row-lanes-private-pocl.test). */
void private_spread(int n, int m, const float A[m][n], float out[n]) {
  for (int i = 0; i < n; i++) {
    float w[4];
    for (int q = 0; q < 4; q++)
      w[q] = (float)(i + q);
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[j][i];
    out[i] = s + w[1] + w[3];
  }
}
