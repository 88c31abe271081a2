// row-length.test: a row reduction whose rows grow with the row.
void tri_sums(int n, const float A[n][n], float s[n]) {
  for (int i = 0; i < n; i++) {
    float t = 0.0f;
    for (int j = 0; j <= i; j++)
      t += A[i][j];
    s[i] = t;
  }
}
