/* PolyBench bicg: s = A^T r and q = A p in one nest. */
void bicg(int m, int n, const float A[n][m], float s[m], float q[n],
          const float p[m], const float r[n]) {
  for (int i = 0; i < m; i++)
    s[i] = 0;
  for (int i = 0; i < n; i++) {
    q[i] = 0.0f;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * A[i][j];
      q[i] = q[i] + A[i][j] * p[j];
    }
  }
}
