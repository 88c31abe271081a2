void partial(int N, float A[N], const float B[N]) {
  for (int i = 2; i < N; i++)
    A[i] = 2.0f * B[i - 2];
}
