// Illegal (twin of nest3d-interchange-outer.c): S0 -> S0 on A has direction
// (=, <, >); interchanging the inner two loops gives (=, >, <), whose leftmost
// non-'=' entry is '>', so it is refused.
// RUN: not %looptile %s --interchange j,k 2>&1 | FileCheck %s
void eqlt(int N, float A[N][N][N + 1]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = A[i][j - 1][k + 1] * 0.5f;
}
// CHECK: nest3d-interchange-inner-refused.c:7:5: error: cannot interchange loops 'j' and 'k': flow dependence S0 -> S0 on 'A' has direction (=, <, >), which becomes (=, >, <) ('>' as the leftmost non-'=' entry)
// CHECK: nest3d-interchange-inner-refused.c:9:9: note: source access 'A[i][j][k]' in S0
// CHECK: nest3d-interchange-inner-refused.c:9:22: note: sink access 'A[i][j - 1][k + 1]' in S0
// CHECK: looptile: error: --interchange j,k refused; nothing was emitted
// CHECK-NOT: void eqlt
