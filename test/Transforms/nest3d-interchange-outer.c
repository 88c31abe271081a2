// Legal: S0 -> S0 on A has direction (=, <, >). Interchanging the outer two
// loops gives (<, =, >): the leftmost non-'=' entry is '<', so it is legal.
// RUN: %looptile %s --interchange i,j | FileCheck %s
// RUN: %difftest %s -- --interchange i,j
void eqlt(int N, float A[N][N][N + 1]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = A[i][j - 1][k + 1] * 0.5f;
}
// CHECK-NOT: error
// CHECK: void eqlt(int N, float A[N][N][N + 1]) {
// CHECK-NEXT:   for (int j = 1; j < N; j++) {
// CHECK-NEXT:     for (int i = 0; i < N; i++) {
// CHECK-NEXT:       for (int k = 0; k < N; k++) {
// CHECK-NEXT:         A[i][j][k] = A[i][j - 1][k + 1] * 0.5f;
