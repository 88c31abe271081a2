// Illegal (twin of interchange-triangular.c): S0 -> S0 on A has direction
// (<, >) (A[i - 1][j + 1] was written one i-iteration earlier at a larger j);
// interchanged it becomes (>, <), leftmost non-'=' entry '>': refused.
// RUN: not %looptile %s --interchange i,j 2>&1 | FileCheck %s
void tri(int N, float A[N][N + 1]) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] = A[i - 1][j + 1] * 0.5f;
}
// CHECK: interchange-triangular-refused.c:6:3: error: cannot interchange loops 'i' and 'j': flow dependence S0 -> S0 on 'A' has direction (<, >), which becomes (>, <) ('>' as the leftmost non-'=' entry)
// CHECK: note: source access 'A[i][j]' in S0
// CHECK: note: sink access 'A[i - 1][j + 1]' in S0
