// RUN: %looptile %s --print-deps | FileCheck %s
// A[i][j] is read as A[i-1][j+1] one i-iteration later with a smaller j: (<, >).
void nest3(int N, float A[N + 1][N + 2]) {
  for (int i = 2; i <= N; i++)
    for (int j = 1; j <= N; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
}
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, >)  A[i][j] -> A[i - 1][j + 1]
// CHECK-NEXT: direction matrix (i, j):
// CHECK-NEXT: S0 -> S0 flow A  [<, >]
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<, >)
// CHECK: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
