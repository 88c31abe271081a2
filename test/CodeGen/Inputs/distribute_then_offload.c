void shifted(int N, float A[N], float B[N], const float C[N]) {
  for (int i = 1; i < N; i++) {
    B[i] = A[i - 1] * 2.0f;
    A[i] = C[i] + 1.0f;
  }
}
