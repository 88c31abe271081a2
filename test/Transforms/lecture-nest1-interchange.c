// Legal: lecture 04, first nest. The only dependence, S0 -> S0 on A, has
// direction (=, =); permuted it stays (=, =), and a permutation is legal iff
// no row of the permuted direction matrix has '>' as its leftmost non-'='.
// RUN: %looptile %s --interchange i,j | FileCheck %s
// RUN: %difftest %s -- --interchange i,j
void nest1(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[j][i] = A[j][i] + 1.0f;
}
// CHECK-NOT: error
// CHECK: void nest1(int N, float A[N][N]) {
// CHECK-NEXT:   for (int j = 0; j < N; j++) {
// CHECK-NEXT:     for (int i = 0; i < N; i++) {
// CHECK-NEXT:       A[j][i] = A[j][i] + 1.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
