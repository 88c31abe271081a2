// Regression: after distributing an inner loop, statements are no longer in
// the order of their ids (S1's loop now runs before S0's), and the analysis
// must order them by their place in the text. Here --distribute j puts the B
// loop first (flow S1 -> S0 on B, (=, <)); in the result, the B loop runs
// before the A loop in every iteration of i, so the dependence on B is flow
// S1 -> S0 with direction (=), and distributing i must keep the B nest first.
// (Ordering by ids read it as anti S0 -> S1 and put the A nest first, which
// reads B before it is written.)
// RUN: %looptile %s --distribute j --distribute i | FileCheck %s
// RUN: %difftest %s -- --distribute j --distribute i
void reordered(int N, float A[N][N], float B[N][N], const float C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++) {
      A[i][j] = B[i][j - 1];
      B[i][j] = C[i][j] * 2.0f;
    }
}
// CHECK-NOT: error
// CHECK:        for (int i = 0; i < N; i++) {
// CHECK-NEXT:     for (int j = 1; j < N; j++) {
// CHECK-NEXT:       B[i][j] = C[i][j] * 2.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i = 0; i < N; i++) {
// CHECK-NEXT:     for (int j = 1; j < N; j++) {
// CHECK-NEXT:       A[i][j] = B[i][j - 1];
