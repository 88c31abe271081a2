/* Matmul reading B's columns backwards: B[k][N - 1 - j] is stride -1 in j,
 * so four consecutive tile elements are four consecutive array elements in
 * the opposite order; A[i][k] is stride +1 in k. */
void mmm_reversed(int M, int N, int K, const float A[M][K], const float B[K][N],
                  float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float tmp = 0.0f;
      for (int k = 0; k < K; k++)
        tmp += A[i][k] * B[k][N - 1 - j];
      C[i][j] = tmp;
    }
}
