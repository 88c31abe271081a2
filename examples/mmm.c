/* Matrix-matrix multiplication C = A * B, the lecture's running example
 * (lecture 04, "Matrix Multiplication: Loop Strip Mining"): loops i and j are
 * parallel, loop k is a reduction into the private accumulator tmp.
 * A is M x K, B is K x N, C is M x N. */
void mmm(int M, int N, int K, const float A[M][K], const float B[K][N],
         float C[M][N]) {
  for (int i = 0; i < M; i++) {
    for (int j = 0; j < N; j++) {
      float tmp = 0.0f;
      for (int k = 0; k < K; k++)
        tmp += A[i][k] * B[k][j];
      C[i][j] = tmp;
    }
  }
}
