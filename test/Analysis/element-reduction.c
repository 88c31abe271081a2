// RUN: %looptile %s --print-deps | FileCheck %s
// An array element updated by one operator whose term reads other elements
// of the same array (lu's `A[i][j] -= A[i][k] * A[k][j]`): the loop is a
// reduction only when the dependences prove that those reads never reach
// the updated element while the loop runs; otherwise the read sees the
// running value and the loop stays sequential. Pairs: legal, then refused.

// Legal: A[k][1] and A[k][0] with k < n are never A[n][0].
void below(int n, double A[n + 1][2]) {
  for (int k = 0; k < n; k++)
    A[n][0] += A[k][1] * A[k][0];
}
// CHECK-LABEL: nest below:
// CHECK: flow A: S0 -> S0 (<)  A[n][0] -> A[n][0]
// CHECK-NOT: A[k]
// CHECK: verdicts:
// CHECK-NEXT: loop k: reduction (A[n][0] + over k)

// Refused: at k = n the term reads A[n][0], the running sum.
void reaches(int n, double A[n + 1][2]) {
  for (int k = 0; k <= n; k++)
    A[n][0] += A[k][1] * A[k][0];
}
// CHECK-LABEL: nest reaches:
// CHECK: flow A: S0 -> S0 (<)  A[n][0] -> A[k][0]
// CHECK: verdicts:
// CHECK-NEXT: loop k: sequential: flow dependence S0 -> S0 on A, direction (<)

// Refused: the term reads the updated element itself.
void itself(int n, double A[n + 1][2], double x[n]) {
  for (int k = 0; k < n; k++)
    A[n][0] += A[n][0] * x[k];
}
// CHECK-LABEL: nest itself:
// CHECK: verdicts:
// CHECK-NEXT: loop k: sequential: flow dependence S0 -> S0 on A, direction (<)

// Refused: another statement reads the updated element.
void readback(int n, double A[n + 1][2], double y[n]) {
  for (int k = 0; k < n; k++) {
    A[n][0] += A[k][1];
    y[k] = A[n][0];
  }
}
// CHECK-LABEL: nest readback:
// CHECK: verdicts:
// CHECK-NEXT: loop k: sequential: flow dependence S{{[0-9]+}} -> S{{[0-9]+}} on A, direction (<)

// Legal over a rectangle: A[n][0] is never A[k][l + 1].
void rect(int n, double A[n + 1][n + 1]) {
  for (int k = 0; k < n; k++)
    for (int l = 0; l < n; l++)
      A[n][0] += A[k][l + 1];
}
// CHECK-LABEL: nest rect:
// CHECK: verdicts:
// CHECK-NEXT: loop k: reduction (A[n][0] + over k)
// CHECK-NEXT: loop l: reduction (A[n][0] + over l)

// Refused: A[k][l] is A[n][0] at k = n, l = 0, after the updates of every
// k < n (and before those of k = n, l > 0).
void rectReaches(int n, double A[n + 1][n + 1]) {
  for (int k = 0; k <= n; k++)
    for (int l = 0; l < n; l++)
      A[n][0] += A[k][l];
}
// CHECK-LABEL: nest rectReaches:
// CHECK: verdicts:
// CHECK-NEXT: loop k: sequential: flow dependence S0 -> S0 on A, direction (<, =)
// CHECK-NEXT: loop l: sequential: flow dependence S0 -> S0 on A, direction (=, <)
