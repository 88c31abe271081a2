/* Matrix multiplication accumulating into C (C = 0, then C += A * B), the
 * form without a scalar accumulator: k is a reduction loop over C[i][j].
 * The first nest zeroes C; the two nests become two kernels. */
void mmm_accumulate(int M, int N, int K, const float A[M][K],
                    const float B[K][N], float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = 0.0f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
}
