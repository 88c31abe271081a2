// Legal: t is declared in loop j, whose extent depends on i (triangular), so
// it cannot be expanded along j; its declaration and its use stay in one new
// j loop, and the statement on C (no dependence carried by j: C[i][j + 1] is
// read before iteration j + 1 writes it, anti S2 -> S2 (=, <), which the
// distributed order keeps) goes to another.
// RUN: %looptile %s --distribute j | FileCheck %s
// RUN: %difftest %s -- --distribute j
void triangular(int N, const int A[N][N], int B[N][N], int C[N][N + 1]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++) {
      int t = A[i][j];
      B[i][j] = t + 1;
      C[i][j] = C[i][j + 1];
    }
}
// CHECK-NOT: error
// CHECK:      for (int i = 0; i < N; i++) {
// CHECK-NEXT:   for (int j = 0; j < i; j++) {
// CHECK-NEXT:     int t = A[i][j];
// CHECK-NEXT:     B[i][j] = t + 1;
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int j = 0; j < i; j++) {
// CHECK-NEXT:     C[i][j] = C[i][j + 1];
// CHECK-NEXT:   }
// CHECK-NEXT: }
