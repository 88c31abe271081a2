/* PolyBench's style: the arrays have constant extents (the dataset's
 * NI = 20, NJ = 25, NK = 30) and the loops run to the size parameters, which
 * must not exceed them. */
void gemm_fixed(int ni, int nj, int nk, float alpha, float beta,
                float C[20][25], const float A[20][30], const float B[30][25]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
