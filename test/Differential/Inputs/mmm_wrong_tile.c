/* A deliberately wrong tiling of examples/mmm.c: the partial-tile bound of i
 * is MIN(ii + 16, M - 1), so the last row of C is never computed. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void mmm(int M, int N, int K, const float A[M][K], const float B[K][N],
         float C[M][N]) {
  for (int ii = 0; ii < M; ii += 16)
    for (int jj = 0; jj < N; jj += 16)
      for (int i = ii; i < MIN(ii + 16, M - 1); i++)
        for (int j = jj; j < MIN(jj + 16, N); j++) {
          float tmp = 0.0f;
          for (int k = 0; k < K; k++)
            tmp += A[i][k] * B[k][j];
          C[i][j] = tmp;
        }
}
