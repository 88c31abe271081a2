// Illegal (twin of tile-matmul.c): S0 -> S0 on A has direction (<, >), so
// the band (i, j) is not fully permutable ('>' at j); tiling would interchange
// i with jj and is refused. (Strip-mining alone stays legal.)
// RUN: not %looptile %s --tile 16 2>&1 | FileCheck %s
// RUN: %looptile %s --strip-mine j=16 | FileCheck %s --check-prefix=SM
// RUN: %difftest %s -- --strip-mine j=16
void nest3(int N, float A[N][N + 1]) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
}
// CHECK: tile-refused-not-permutable.c:8:3: error: cannot tile loops i,j: the band is not fully permutable; flow dependence S0 -> S0 on 'A' has direction (<, >) with '>' at loop 'j'
// CHECK: note: source access 'A[i][j]' in S0
// CHECK: note: sink access 'A[i - 1][j + 1]' in S0
// CHECK: looptile: error: --tile 16 refused; nothing was emitted
// SM:        for (int i = 1; i < N; i++) {
// SM-NEXT:     for (int jj = 0; jj < N; jj += 16) {
// SM-NEXT:       for (int j = jj; j < MIN(jj + 16, N); j++) {
// SM-NEXT:         A[i][j] = A[i - 1][j + 1] + 1.0f;
