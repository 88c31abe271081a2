/* A reduction that reads A twice (A[k][i] and A[k-1][i]): two staged
 * accesses of one array, each with its own tile, register copy and
 * prefetch buffer. */
void read_twice(int M, int N, int K, const float A[K][M], const float B[K][N],
                float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float tmp = 0.0f;
      for (int k = 1; k < K; k++)
        tmp += A[k][i] * B[k][j] + A[k - 1][i];
      C[i][j] = tmp;
    }
}
