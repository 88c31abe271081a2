// Legal: --order j,k,i permutes (i, j, k) -> (j, k, i); S0 -> S0 on A with
// direction (=, <, >) becomes (<, >, =): leftmost non-'=' entry '<', legal.
// RUN: %looptile %s --order j,k,i | FileCheck %s
// RUN: %difftest %s -- --order j,k,i
void eqlt(int N, float A[N][N][N + 1]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = A[i][j - 1][k + 1] * 0.5f;
}
// CHECK-NOT: error
// CHECK:        for (int j = 1; j < N; j++) {
// CHECK-NEXT:     for (int k = 0; k < N; k++) {
// CHECK-NEXT:       for (int i = 0; i < N; i++) {
// CHECK-NEXT:         A[i][j][k] = A[i][j - 1][k + 1] * 0.5f;
