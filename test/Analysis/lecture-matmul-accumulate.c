// RUN: %looptile %examples/mmm_accumulate.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s --check-prefix=SUB
// C[i][j] += A[i][k] * B[k][j]: C's subscripts do not mention k, so the
// element is updated in every k (k1 < k2: [=, =, <]; the read precedes the
// write in one iteration: anti [=, =, =]) and only by +=: k a reduction,
// i and j parallel. The zeroing nest has no dependence at all.

// CHECK: nest mmm_accumulate:6
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: verdicts:
// CHECK-NEXT: loop i: parallel
// CHECK-NEXT: loop j: parallel
// CHECK: nest mmm_accumulate:9
// CHECK: dependences:
// CHECK-NEXT: flow C: S1 -> S1 (=, =, <)  C[i][j] -> C[i][j]
// CHECK-NEXT: anti C: S1 -> S1 (=, =, <)  C[i][j] -> C[i][j]
// CHECK-NEXT: anti C: S1 -> S1 (=, =, =)  C[i][j] -> C[i][j]
// CHECK-NEXT: output C: S1 -> S1 (=, =, <)  C[i][j] -> C[i][j]
// CHECK-NEXT: direction matrix (i, j, k):
// CHECK: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
// CHECK-NEXT: loop k: reduction (C[i][j] + over k)

// The pair: with the accumulator subtracted,
// C[i][j] = A[i][k] - C[i][j] is no reduction: k is
// then sequential.
void not_reduction(int M, int N, int K, const float A[M][K], float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] = A[i][k] - C[i][j];
}
// SUB: flow C: S0 -> S0 (=, =, <)  C[i][j] -> C[i][j]
// SUB: verdicts:
// SUB-NEXT: loop i: parallel
// SUB-NEXT: loop j: parallel
// SUB-NEXT: loop k: sequential: flow dependence S0 -> S0 on C, direction (=, =, <)
