// The first nest's loops are int; the host loop t of the second is long, so
// the function's sizes are long in every kernel (the manifest's kernel_type).
void f(int N, int M, int A[N][M], int C[M]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = A[i][j] * 2 + i;
  for (long t = 1; t < 4; t++) {
    for (int j = 0; j < M; j++)
      C[j] = C[j] + (int)t;
    C[0] = C[0] * 2;
  }
}
