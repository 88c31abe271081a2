/* examples/mmm.c with the reduction loop k run backwards: the same sum in a
 * different floating-point order, equal only up to rounding. */
void mmm(int M, int N, int K, const float A[M][K], const float B[K][N],
         float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float tmp = 0.0f;
      for (int k = K - 1; k >= 0; k--)
        tmp += A[i][k] * B[k][j];
      C[i][j] = tmp;
    }
}
