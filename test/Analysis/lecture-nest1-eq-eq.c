// RUN: %looptile %examples/nest1_independent.c --print-deps 2>&1 | FileCheck %s
// Lecture 04, nest 1: A[j][i] is read and written at the same (i, j) and
// nowhere else, so i1 = i2 and j1 = j2: the only dependence is [=, =] (an
// anti one: the read executes before the write in the same iteration), and
// both loops are parallel by the parallelism theorem.

// CHECK-NOT: warning:
// CHECK: dependences:
// CHECK-NEXT: anti A: S0 -> S0 (=, =)  A[j][i] -> A[j][i]
// CHECK-NEXT: direction matrix (i, j):
// CHECK-NEXT: S0 -> S0 anti A  [=, =]
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
// CHECK-NOT: flow
// CHECK-NOT: output
