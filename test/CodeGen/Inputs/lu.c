// LU decomposition without pivoting, in place (the shape of PolyBench's lu):
// no loop is parallel, so it runs as a single work-item. On random inputs
// its rounding errors grow quickly, so a kernel that contracts a * b + c
// into one fused multiply-add differs from the C far beyond a rounding
// tolerance although nothing is wrong with it.
void lu(int N, float A[N][N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[k][j];
      A[i][j] /= A[j][j];
    }
    for (int j = i; j < N; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}
