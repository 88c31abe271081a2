// Legal: t is declared in loop i, a fresh variable in every iteration, so its
// dependences (flow S0 -> S1, direction (=)) never cross iterations; with
// step 2 it cannot be expanded along i (the last iteration is not the upper
// bound), so its declaration and its use must stay in one new loop. The
// statement on C has no dependence (with step 2 no iteration writes the odd
// element C[i + 1] another reads) and goes to a loop of its own.
// Before the fix the declaration stayed in the first loop and the use went to
// the second: C that does not compile.
// RUN: %looptile %s --distribute | FileCheck %s
// RUN: %difftest %s -- --distribute
void step2(int N, const int A[N], int B[N], int C[N + 1]) {
  for (int i = 0; i < N; i += 2) {
    int t = A[i];
    B[i] = t + 1;
    C[i] = C[i + 1];
  }
}
// CHECK-NOT: error
// CHECK:      for (int i = 0; i < N; i += 2) {
// CHECK-NEXT:   int t = A[i];
// CHECK-NEXT:   B[i] = t + 1;
// CHECK-NEXT: }
// CHECK-NEXT: for (int i = 0; i < N; i += 2) {
// CHECK-NEXT:   C[i] = C[i + 1];
// CHECK-NEXT: }
