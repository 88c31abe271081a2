// RUN: %looptile %examples/waw_privatization.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s --check-prefix=PRIV
// Lecture 04, "Eliminating WAW Dependencies": A[j] is rewritten in every
// iteration of i (j1 = j2, i1 < i2: output [<, =]), the writes of iteration
// i1 reach the reads A[k] of i1 and later iterations (flow [=], [<]), the reads
// precede later writes (anti [<]); X[i][k] <- X[i][k-1] is [=, <] over (i, k).
// As written, the output dependence on A makes i sequential (the theorem
// works on the matrix and does not privatize arrays).

// CHECK: dependences:
// CHECK-NEXT: output A: S0 -> S0 (<, =)  A[j] -> A[j]
// CHECK-NEXT: flow A: S0 -> S1 (<)  A[j] -> A[k]
// CHECK-NEXT: flow A: S0 -> S1 (=)  A[j] -> A[k]
// CHECK-NEXT: anti A: S1 -> S0 (<)  A[k] -> A[j]
// CHECK-NEXT: flow X: S1 -> S1 (=, <)  X[i][k] -> X[i][k - 1]
// CHECK-NEXT: direction matrix (i, j, k):
// CHECK-NEXT: S0 -> S0 output A  [<, =, .]
// CHECK-NEXT: S0 -> S1 flow A  [<, ., .]
// CHECK-NEXT: S0 -> S1 flow A  [=, ., .]
// CHECK-NEXT: S1 -> S0 anti A  [<, ., .]
// CHECK-NEXT: S1 -> S1 flow X  [=, ., <]
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: output dependence S0 -> S0 on A, direction (<, =)
// CHECK-NEXT: loop j: parallel
// CHECK-NEXT: loop k: sequential: flow dependence S1 -> S1 on X, direction (=, <)

// The pair, the lecture's fix: A privatized (declared inside the i loop, a
// fresh array per iteration). Only the same-iteration flow A [=] and the X
// recurrence remain, and i is parallel.
void waw_private(int N, int M, float X[N][M]) {
  for (int i = 0; i < N; i++) {
    float A[M];
    for (int j = 0; j < M; j++)
      A[j] = (float)((4 * i + 4 * j) % M);
    for (int k = 1; k < M; k++)
      X[i][k] = X[i][k - 1] * A[k];
  }
}
// PRIV: dependences:
// PRIV-NEXT: flow A: S0 -> S1 (=)  A[j] -> A[k]
// PRIV-NEXT: flow X: S1 -> S1 (=, <)  X[i][k] -> X[i][k - 1]
// PRIV-NEXT: direction matrix (i, j, k):
// PRIV: verdicts:
// PRIV-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// PRIV-NEXT: loop j: parallel
// PRIV-NEXT: loop k: sequential: flow dependence S1 -> S1 on X, direction (=, <)
