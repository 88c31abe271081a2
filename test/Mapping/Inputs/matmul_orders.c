/* C += A * B written k-i-j and j-k-i, and C += A * B^T written k-i-j: the
 * mapping stage moves the reduction k innermost in each and register-tiles
 * the contraction (test/Mapping/loop-orders.test). */
void kij(int M, int N, int K, const float A[M][K], const float B[K][N], float C[M][N]) {
  for (int k = 0; k < K; k++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}
void jki(int M, int N, int K, const float A[M][K], const float B[K][N], float C[M][N]) {
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++)
      for (int i = 0; i < M; i++)
        C[i][j] += A[i][k] * B[k][j];
}
void abt(int M, int N, int K, const float A[M][K], const float B[N][K], float C[M][N]) {
  for (int k = 0; k < K; k++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[j][k];
}
