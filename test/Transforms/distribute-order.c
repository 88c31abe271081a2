// Legal: S1 -> S0 flow dependence on B with direction (<) and no dependence
// S0 -> S1: two SCCs, {S0} and {S1}; distribution emits one loop per SCC in
// topological order of the SCC graph, so the B loop (S1) must come first.
// RUN: %looptile %s --distribute | FileCheck %s
// RUN: %difftest %s -- --distribute
void dist(int N, float A[N], float B[N], const float C[N]) {
  for (int i = 1; i < N; i++) {
    A[i] = B[i - 1];
    B[i] = C[i] * 2.0f;
  }
}
// CHECK-NOT: error
// CHECK: void dist(int N, float A[N], float B[N], const float C[N]) {
// CHECK-NEXT:   for (int i = 1; i < N; i++) {
// CHECK-NEXT:     B[i] = C[i] * 2.0f;
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i = 1; i < N; i++) {
// CHECK-NEXT:     A[i] = B[i - 1];
// CHECK-NEXT:   }
// CHECK-NEXT: }
