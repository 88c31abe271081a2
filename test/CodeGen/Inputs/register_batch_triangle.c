/* A register-tiled band (j, k) whose loop j is bounded by the batch loop
   i (j <= i): run-register-batch-triangle-pocl.test. Reduced from the
   generator's seed 1421028. */
void tri_batch(long N, int A[2*N + 3][N + 1][N + 2], const int D[N + 1][N][N + 1]) {
  for (long i = 1; i < N - 1; i++)
    for (long j = 0; j <= i; j++)
      for (long k = 0; k <= N - 2; k++)
        for (long ii = 0; 1 > ii; ii++)
          A[i + k][i][j] = D[2*ii][j + 1][j + 1];
}
