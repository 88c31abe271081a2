// Legal: lecture 04, second nest. S0 -> S0 on A has (=, <) and S1 -> S1 on B
// has (<, <); interchanged they become (<, =) and (<, <): no row has '>' as
// its leftmost non-'=' entry, so the interchange is legal (and i, now inner,
// is parallel).
// RUN: %looptile %s --interchange i,j | FileCheck %s
// RUN: %difftest %s -- --interchange i,j
void nest2(int N, float A[N][N], float B[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      A[j][i] = A[j - 1][i] * 2.0f;
      B[j][i] = B[j - 1][i - 1] + 1.0f;
    }
}
// CHECK-NOT: error
// CHECK: void nest2(int N, float A[N][N], float B[N][N]) {
// CHECK-NEXT:   for (int j = 1; j < N; j++) {
// CHECK-NEXT:     for (int i = 1; i < N; i++) {
// CHECK-NEXT:       A[j][i] = A[j - 1][i] * 2.0f;
// CHECK-NEXT:       B[j][i] = B[j - 1][i - 1] + 1.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
