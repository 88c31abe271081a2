/* A triangular reduction: each row i sums its first i + 1 elements, so the
 * loop j (bounds j <= i) stays inside the work-item of i. */
void triangular_rowsum(int N, const float A[N][N], float y[N]) {
  for (int i = 0; i < N; i++) {
    float s = 0.0f;
    for (int j = 0; j <= i; j++)
      s += A[i][j];
    y[i] = s;
  }
}
