// RUN: %looptile %examples/mmm_linearized.c --print-deps 2>&1 | FileCheck %s
// Lecture 04's OpenCL form: A[i*K + k], B[k*N + j], C[i*N + j] with
// 0 <= k < K and 0 <= j < N from the bounds, so they delinearize to
// A[i][k], B[k][j], C[i][j]: exactly the 2-D result (sum [=, =, <], a
// reduction over k), nothing assumed, and no warning (all restrict).

// CHECK-NOT: warning:
// CHECK: dependences:
// CHECK-NEXT: flow sum: S0 -> S1 (=, =)  sum -> sum
// CHECK-NEXT: output sum: S0 -> S1 (=, =)  sum -> sum
// CHECK-NEXT: flow sum: S0 -> S2 (=, =)  sum -> sum
// CHECK-NEXT: flow sum: S1 -> S1 (=, =, <)  sum -> sum
// CHECK-NEXT: anti sum: S1 -> S1 (=, =, <)  sum -> sum
// CHECK-NEXT: anti sum: S1 -> S1 (=, =, =)  sum -> sum
// CHECK-NEXT: output sum: S1 -> S1 (=, =, <)  sum -> sum
// CHECK-NEXT: flow sum: S1 -> S2 (=, =)  sum -> sum
// CHECK-NEXT: direction matrix (i, j, k):
// CHECK-NOT: assumed
// CHECK: scalars:
// CHECK-NEXT: sum: reduction (i: private, j: private, k: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
// CHECK-NEXT: loop k: reduction (sum + over k)
// CHECK-NOT: warning:
