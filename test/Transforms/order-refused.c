// Illegal (twin of order-legal.c): --order k,i,j permutes (i, j, k) ->
// (k, i, j); S0 -> S0 on A with direction (=, <, >) becomes (>, =, <), whose
// leftmost non-'=' entry is '>', so it is refused.
// RUN: not %looptile %s --order k,i,j 2>&1 | FileCheck %s
void eqlt(int N, float A[N][N][N + 1]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N; k++)
        A[i][j][k] = A[i][j - 1][k + 1] * 0.5f;
}
// CHECK: order-refused.c:6:3: error: cannot reorder loops i,j,k as k,i,j: flow dependence S0 -> S0 on 'A' has direction (=, <, >), which becomes (>, =, <)
// CHECK: note: source access 'A[i][j][k]' in S0
// CHECK: note: sink access 'A[i][j - 1][k + 1]' in S0
// CHECK: looptile: error: --order k,i,j refused; nothing was emitted
