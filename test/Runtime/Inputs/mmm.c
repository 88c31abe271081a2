/* Reference for the hand-written matmul fixtures: C = A * B with A M x K,
 * B K x N, C M x N, all row-major (C99 VLA parameters). */
void mmm(int M, int N, int K, const float A[M][K], const float B[K][N],
         float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float tmp = 0.0f;
      for (int k = 0; k < K; k++)
        tmp += A[i][k] * B[k][j];
      C[i][j] = tmp;
    }
}
