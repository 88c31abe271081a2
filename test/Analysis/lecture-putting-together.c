// RUN: %looptile %examples/putting_together.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s --check-prefix=PRIV
// Lecture 04, "Putting Everything Together". Over (i, t, j, k) of S2:
// A[k][j] <- A[k-1][j] has k1 = k2 - 1, j1 = j2 ('<' at k, '=' at j), while
// every iteration of t and i rewrites all of A; X[i][k][j] += is '=' at i.
// So: i sequential only because A is shared across i (S1 -> S1 output
// [<, =, =]), the initialization loops k, j parallel, t sequential, the
// convergence j parallel and its k sequential (flow [=, =, =, <]).

// CHECK: loops:
// CHECK-NEXT: i  // line 9, step 1
// CHECK-NEXT: k  // line 11, step 1
// CHECK-NEXT: j  // line 12, step 1
// CHECK-NEXT: t  // line 18, step 1
// CHECK-NEXT: j  // line 19, step 1
// CHECK-NEXT: k  // line 20, step 1
// CHECK: dependences:
// CHECK-NEXT: flow x: S0 -> S1 (=, =, =)  x -> x
// CHECK-NEXT: anti X: S0 -> S3 (=)  X[i][j][k] -> X[i][k][j]
// CHECK-NEXT: output A: S1 -> S1 (<, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S1 -> S2 (<)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S1 -> S2 (=)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S1 -> S2 (<)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: flow A: S1 -> S2 (=)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: output A: S1 -> S2 (<)  A[k][j] -> A[k][j]
// CHECK-NEXT: output A: S1 -> S2 (=)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S1 (<)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S1 (<)  A[k - 1][j] -> A[k][j]
// CHECK-NEXT: output A: S2 -> S1 (<)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S2 -> S2 (<, <, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S2 -> S2 (<, =, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S2 -> S2 (<, >, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S2 -> S2 (=, <, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow A: S2 -> S2 (<, <, =, <)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: flow A: S2 -> S2 (<, =, =, <)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: flow A: S2 -> S2 (<, >, =, <)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: flow A: S2 -> S2 (=, <, =, <)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: flow A: S2 -> S2 (=, =, =, <)  A[k][j] -> A[k - 1][j]
// CHECK-NEXT: anti A: S2 -> S2 (<, <, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (<, =, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (<, >, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (=, <, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (=, =, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (<, <, =, >)  A[k - 1][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (<, =, =, >)  A[k - 1][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (<, >, =, >)  A[k - 1][j] -> A[k][j]
// CHECK-NEXT: anti A: S2 -> S2 (=, <, =, >)  A[k - 1][j] -> A[k][j]
// CHECK-NEXT: output A: S2 -> S2 (<, <, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: output A: S2 -> S2 (<, =, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: output A: S2 -> S2 (<, >, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: output A: S2 -> S2 (=, <, =, =)  A[k][j] -> A[k][j]
// CHECK-NEXT: flow X: S3 -> S3 (=, <, =, =)  X[i][k][j] -> X[i][k][j]
// CHECK-NEXT: anti X: S3 -> S3 (=, <, =, =)  X[i][k][j] -> X[i][k][j]
// CHECK-NEXT: anti X: S3 -> S3 (=, =, =, =)  X[i][k][j] -> X[i][k][j]
// CHECK-NEXT: output X: S3 -> S3 (=, <, =, =)  X[i][k][j] -> X[i][k][j]
// CHECK-NEXT: direction matrix (i, k, j, t, j, k):
// CHECK: S2 -> S2 flow A  [=, ., ., =, =, <]
// CHECK: scalars:
// CHECK-NEXT: x: private (i: private, k: private, j: private)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: output dependence S1 -> S1 on A, direction (<, =, =)
// CHECK-NEXT: loop k: parallel (every dependence is '=' at k or carried by an outer loop)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
// CHECK-NEXT: loop t: sequential: flow dependence S2 -> S2 on A, direction (=, <, =, =)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
// CHECK-NEXT: loop k: sequential: flow dependence S2 -> S2 on A, direction (=, =, =, <)

// The pair, the exercise's first step: A privatized per i (declared inside
// the i loop, as the lecture does for the WAW example). Every dependence on
// A is then '=' at i, X's are '=' at i: i becomes parallel.
#include <math.h>
void privatized(int M, int N, int T, float X[M][N][N], const float B[M][N][N]) {
  for (int i = 0; i < M; i++) {
    float A[N][N];
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++) {
        float x = X[i][j][k];
        A[k][j] = x * x;
      }
    for (int t = 0; t < T; t++)
      for (int j = 1; j < N; j++)
        for (int k = 1; k < N; k++) {
          A[k][j] = sqrtf(A[k][j] * A[k - 1][j]);
          X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
        }
  }
}
// PRIV: nest privatized:
// PRIV: dependences:
// PRIV-NEXT: flow x: S0 -> S1 (=, =, =)  x -> x
// PRIV-NEXT: anti X: S0 -> S3 (=)  X[i][j][k] -> X[i][k][j]
// PRIV-NEXT: flow A: S1 -> S2 (=)  A[k][j] -> A[k][j]
// PRIV-NEXT: flow A: S1 -> S2 (=)  A[k][j] -> A[k - 1][j]
// PRIV-NEXT: output A: S1 -> S2 (=)  A[k][j] -> A[k][j]
// PRIV-NEXT: flow A: S2 -> S2 (=, <, =, =)  A[k][j] -> A[k][j]
// PRIV-NEXT: flow A: S2 -> S2 (=, <, =, <)  A[k][j] -> A[k - 1][j]
// PRIV-NEXT: flow A: S2 -> S2 (=, =, =, <)  A[k][j] -> A[k - 1][j]
// PRIV-NEXT: anti A: S2 -> S2 (=, <, =, =)  A[k][j] -> A[k][j]
// PRIV-NEXT: anti A: S2 -> S2 (=, =, =, =)  A[k][j] -> A[k][j]
// PRIV-NEXT: anti A: S2 -> S2 (=, <, =, >)  A[k - 1][j] -> A[k][j]
// PRIV-NEXT: output A: S2 -> S2 (=, <, =, =)  A[k][j] -> A[k][j]
// PRIV-NEXT: flow X: S3 -> S3 (=, <, =, =)  X[i][k][j] -> X[i][k][j]
// PRIV-NEXT: anti X: S3 -> S3 (=, <, =, =)  X[i][k][j] -> X[i][k][j]
// PRIV-NEXT: anti X: S3 -> S3 (=, =, =, =)  X[i][k][j] -> X[i][k][j]
// PRIV-NEXT: output X: S3 -> S3 (=, <, =, =)  X[i][k][j] -> X[i][k][j]
// PRIV-NEXT: direction matrix (i, k, j, t, j, k):
// PRIV: verdicts:
// PRIV-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// PRIV-NEXT: loop k: parallel
// PRIV-NEXT: loop j: parallel
// PRIV-NEXT: loop t: sequential: flow dependence S2 -> S2 on A, direction (=, <, =, =)
// PRIV-NEXT: loop j: parallel
// PRIV-NEXT: loop k: sequential: flow dependence S2 -> S2 on A, direction (=, =, =, <)
