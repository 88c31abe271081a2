/* Batched matmul: one C[b] = A[b] * B[b] per batch index b. */
void batched_matmul(int nb, int ni, int nj, int nk, float C[nb][ni][nj],
         const float A[nb][ni][nk], const float B[nb][nk][nj]) {
  for (int b = 0; b < nb; b++)
    for (int i = 0; i < ni; i++)
      for (int j = 0; j < nj; j++)
        for (int k = 0; k < nk; k++)
          C[b][i][j] += A[b][i][k] * B[b][k][j];
}
