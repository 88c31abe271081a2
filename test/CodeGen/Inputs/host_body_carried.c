// The scalar s is read by the nest before the statement after it assigns
// it: each host iteration reads the previous one's value, which the
// kernels keep in a one-element device temporary.
void body_carried(int N, float A[N][N], float B[N]) {
  float s = 1.0f;
  for (int k = 0; k < N; k++) {
    for (int i = 0; i < N; i++)
      A[i][k] = A[i][k] * s;
    s = A[k][k];
  }
  B[0] = s;
}
