/* For M > N the rows i >= N are empty: the largest index touched is
   N*N - 1, not M*N - 1. */
void ptri(int M, int N, float *A) {
  for (int i = 0; i < M; i++)
    for (int k = i; k < N; k++)
      A[i * N + k] = A[i * N + k] * 2.0f + (float)(i + k);
}
