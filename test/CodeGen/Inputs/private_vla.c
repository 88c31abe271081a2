/* A variable-size array declared inside the parallel loop i: each
 * iteration has its own A, written by loop j before loop k reads it. */
void private_vla(int N, int M, const float B[N][M], float X[N][M]) {
  for (int i = 0; i < N; i++) {
    float A[M];
    for (int j = 0; j < M; j++)
      A[j] = B[i][j] + 1.0f;
    for (int k = 1; k < M; k++)
      X[i][k] = A[k - 1] * A[k];
  }
}
