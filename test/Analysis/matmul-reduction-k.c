// RUN: %looptile %s --print-deps | FileCheck %s
// C[i][j] does not depend on k and is only updated by +=: k is a reduction loop, i and j are parallel.
void mmm(int M, int N, int K, const float A[M][K], const float B[K][N],
         float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
}
// CHECK: flow C: S0 -> S0 (=, =, <)
// CHECK: loop i: parallel
// CHECK: loop j: parallel
// CHECK: loop k: reduction (C[i][j] + over k)
