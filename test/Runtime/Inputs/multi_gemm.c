// PolyBench-style gemm (C = beta*C + alpha*A*B), one nest: split over
// devices along i (multi-device-pocl.test).
void gemm(int ni, int nj, int nk, float alpha, float beta, float C[ni][nj],
          const float A[ni][nk], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
    }
}
