// RUN: %looptile %s --print-deps | FileCheck %s
// 0 <= j <= M-1 proves A[i*M + j] is A[i][j]: the read of row i-1 gives (<, =), exact.
void lin(int N, int M, float *restrict A) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = A[(i - 1) * M + j] * 0.5f;
}
// CHECK: flow A: S0 -> S0 (<, =)
// CHECK-NOT: assumed
// CHECK: loop j: parallel
