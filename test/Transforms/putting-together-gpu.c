// Lecture 04, "Putting Everything Together", with the loops of the two inner
// nests renamed (k0, j0 / t, j, k) so that each name selects one loop (on
// examples/putting_together.c itself select j as j:19; see REFUSED-NAME).
//
// The lecture's GPU form. As written, i is sequential: every iteration
// reuses A (output S1 -> S1 on A, (<, =, =)), and {init, convergence} is one
// dependence cycle at i. But every iteration of i first writes all of A
// (k0, j0 over [0, N)^2) and only then reads it (A[k][j] and A[k - 1][j]
// with 1 <= k, j <= N - 1), so A is private in i: --expand A gives each i its
// own A_x[i] and every dependence on A_x is '=' at i. A is a parameter, so
// the last iteration's A_x[M - 1] is copied back after the loop (the init
// nest writes every element in every iteration, so that copy is exact; the
// convergence nest's writes are covered by it and not replayed).
// Then --distribute i splits the init nest from the convergence nest (flow
// S1 -> S2 on A_x, (=): init first), and --interchange t,j moves the
// parallel j outside the sequential t (flow S2 -> S2 on A_x (=, <, =, =)
// becomes (=, =, <, =), still '<' first: legal). The result: init (i, k0,
// j0) fully parallel; convergence (i, j) parallel with t and k sequential in
// each work-item; the copy-out parallel in k0, j0.
// RUN: %looptile %s --expand A --distribute i --interchange t,j | FileCheck %s --check-prefix=GPU
// RUN: %difftest %s -- --expand A --distribute i --interchange t,j
// RUN: %difftest %s -- --expand A
// Without privatizing A, j can still become the outer, parallel loop of the
// convergence nest (every dependence there is '=' at j), and distributing k
// separates the A sweep from the X update (SCCs {S2}, {S3}):
// RUN: %looptile %s --distribute k --interchange t,j | FileCheck %s
// RUN: %difftest %s -- --distribute k --interchange t,j
// Illegal twins: anti S2 -> S2 on A (=, <, =, >) becomes (=, =, >, <) under
// --order j,k,t: '>' leftmost, refused; distributing i without the expansion
// is refused (the cycle through A); and putting-together-expand-refused.c.
// RUN: not %looptile %s --order j,k,t 2>&1 | FileCheck %s --check-prefix=REFUSED
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
// GPU-NOT: error
// GPU:        float (*A_x)[MAX(N, 1)][MAX(N, 1)] = __builtin_malloc(sizeof(float) * MAX(M, 1) * MAX(N, 1) * MAX(N, 1));
// GPU-NEXT:   for (int i = 0; i < M; i++) {
// GPU-NEXT:     for (int k0 = 0; k0 < N; k0++) {
// GPU-NEXT:       for (int j0 = 0; j0 < N; j0++) {
// GPU-NEXT:         float x = X[i][j0][k0];
// GPU-NEXT:         A_x[i][k0][j0] = x * x;
// GPU-NEXT:       }
// GPU-NEXT:     }
// GPU-NEXT:   }
// GPU-NEXT:   for (int i = 0; i < M; i++) {
// GPU-NEXT:     for (int j = 1; j < N; j++) {
// GPU-NEXT:       for (int t = 0; t < T; t++) {
// GPU-NEXT:         for (int k = 1; k < N; k++) {
// GPU-NEXT:           A_x[i][k][j] = sqrtf(A_x[i][k][j] * A_x[i][k - 1][j]);
// GPU-NEXT:           X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
// GPU-NEXT:         }
// GPU-NEXT:       }
// GPU-NEXT:     }
// GPU-NEXT:   }
// GPU-NEXT:   for (int i_out = MAX(0, M - 1); i_out < M; i_out++) {
// GPU-NEXT:     for (int k0_out = 0; k0_out < N; k0_out++) {
// GPU-NEXT:       for (int j0_out = 0; j0_out < N; j0_out++) {
// GPU-NEXT:         A[k0_out][j0_out] = A_x[i_out][k0_out][j0_out];
// GPU-NEXT:       }
// GPU-NEXT:     }
// GPU-NEXT:   }
// GPU-NEXT:   __builtin_free(A_x);
// GPU-NEXT: }
// CHECK-NOT: error
// CHECK:          for (int j = 1; j < N; j++) {
// CHECK-NEXT:       for (int t = 0; t < T; t++) {
// CHECK-NEXT:         for (int k = 1; k < N; k++) {
// CHECK-NEXT:           A[k][j] = sqrtf(A[k][j] * A[k - 1][j]);
// CHECK-NEXT:         }
// CHECK-NEXT:         for (int k = 1; k < N; k++) {
// CHECK-NEXT:           X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
// CHECK-NEXT:         }
// REFUSED: putting-together-gpu.c:44:5: error: cannot reorder loops t,j,k as j,k,t: anti dependence S2 -> S2 on 'A' has direction (=, <, =, >), which becomes (=, =, >, <) ('>' as the leftmost non-'=' entry)
// REFUSED: looptile: error: --order j,k,t refused; nothing was emitted
// DISTI: putting-together-gpu.c:37:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle: anti dependence S0 -> S3 on 'X' with direction (=), anti dependence S2 -> S1 on 'A' with direction (<)
// DISTI: putting-together-gpu.c:40:19: note: anti dependence S0 -> S3 on 'X' (=): source access 'X[i][j0][k0]' in S0
// DISTI: putting-together-gpu.c:48:11: note: anti dependence S0 -> S3 on 'X' (=): sink access 'X[i][k][j]' in S3
// DISTI: putting-together-gpu.c:47:27: note: anti dependence S2 -> S1 on 'A' (<): source access 'A[k][j]' in S2
// DISTI: putting-together-gpu.c:41:9: note: anti dependence S2 -> S1 on 'A' (<): sink access 'A[k0][j0]' in S1
// DISTI: putting-together-gpu.c:36:15: note: 'A' is written before it is read in every iteration of 'i'; --expand A:i gives each iteration its own copy and removes its dependences carried by 'i'
// DISTI: looptile: error: --distribute i refused; nothing was emitted
// REFUSED-NAME: putting_together.c:{{[0-9]+}}:{{[0-9]+}}: error: --interchange t,j: function 'putting_together' has several loops named 'j' (lines 12, 19); select one as j:LINE
