// Lecture 04, "Putting Everything Together", with the loops of the two inner
// nests renamed (k0, j0 / t, j, k) because looptile selects loops by name and
// examples/putting_together.c uses j and k twice (see the REFUSED-NAME run).
// Legal: in the convergence nest (i, t, j, k) every dependence has '=' at j
// (A[k][j] and X[i][k][j] are only touched by iteration j), e.g. flow S2 -> S2
// on A (=, <, =, =) becomes (=, =, <, =) when t and j swap: leftmost non-'='
// is '<', legal; j becomes the outer, parallel loop of the nest (one work-item
// per j, each running t and k sequentially), and k0/j0 are already parallel.
// Distributing k separates the A sweep from the X update (SCCs {S2}, {S3}).
// RUN: %looptile %s --distribute k --interchange t,j | FileCheck %s
// RUN: %difftest %s -- --distribute k --interchange t,j
// Illegal twin: anti S2 -> S2 on A (=, <, =, >) becomes (=, =, >, <) under
// --order j,k,t: '>' leftmost, refused.
// RUN: not %looptile %s --order j,k,t 2>&1 | FileCheck %s --check-prefix=REFUSED
// Missing: i stays sequential. A is reused by every i (output S1 -> S1 on A,
// (<, =, =)); the lecture's answer privatizes A per i (A fully written by the
// k0/j0 nest before it is read), but looptile expands only scalars, so
// --distribute i (needed to split init and convergence kernels) is refused:
// RUN: not %looptile %s --distribute i 2>&1 | FileCheck %s --check-prefix=DISTI
// RUN: not %looptile %examples/putting_together.c --interchange t,j 2>&1 | FileCheck %s --check-prefix=REFUSED-NAME
#include <math.h>
void pt(int M, int N, int T, float X[M][N][N], const float B[M][N][N],
        float A[N][N]) {
  for (int i = 0; i < M; i++) {
    for (int k0 = 0; k0 < N; k0++) {
      for (int j0 = 0; j0 < N; j0++) {
        float x = X[i][j0][k0];
        A[k0][j0] = x * x;
      }
    }
    for (int t = 0; t < T; t++) {
      for (int j = 1; j < N; j++) {
        for (int k = 1; k < N; k++) {
          A[k][j] = sqrtf(A[k][j] * A[k - 1][j]);
          X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
        }
      }
    }
  }
}
// CHECK-NOT: error
// CHECK:          for (int j = 1; j < N; j++) {
// CHECK-NEXT:       for (int t = 0; t < T; t++) {
// CHECK-NEXT:         for (int k = 1; k < N; k++) {
// CHECK-NEXT:           A[k][j] = sqrtf(A[k][j] * A[k - 1][j]);
// CHECK-NEXT:         }
// CHECK-NEXT:         for (int k = 1; k < N; k++) {
// CHECK-NEXT:           X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
// CHECK-NEXT:         }
// REFUSED: putting-together-gpu.c:31:5: error: cannot reorder loops t,j,k as j,k,t: anti dependence S2 -> S2 on 'A' has direction (=, <, =, >), which becomes (=, =, >, <) ('>' as the leftmost non-'=' entry)
// REFUSED: looptile: error: --order j,k,t refused; nothing was emitted
// DISTI: putting-together-gpu.c:24:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle
// REFUSED-NAME: putting_together.c:{{[0-9]+}}:{{[0-9]+}}: error: --interchange t,j: function 'putting_together' has several loops named 'j' (lines 12, 19); select one as j:LINE
