// RUN: %looptile %examples/mmm.c --print-deps 2>&1 | FileCheck %s
// Lecture 04, matrix multiplication with the accumulator tmp: tmp is fresh
// per (i, j) ('=' at i and j) and only updated by += across k
// (tmp_k1 -> tmp_k2 with k1 < k2: [=, =, <]); A and B are only read and C[i][j]
// is written once per (i, j): i, j parallel, k a reduction.

// CHECK: dependences:
// CHECK-NEXT: flow tmp: S0 -> S1 (=, =)  tmp -> tmp
// CHECK-NEXT: output tmp: S0 -> S1 (=, =)  tmp -> tmp
// CHECK-NEXT: flow tmp: S0 -> S2 (=, =)  tmp -> tmp
// CHECK-NEXT: flow tmp: S1 -> S1 (=, =, <)  tmp -> tmp
// CHECK-NEXT: anti tmp: S1 -> S1 (=, =, <)  tmp -> tmp
// CHECK-NEXT: anti tmp: S1 -> S1 (=, =, =)  tmp -> tmp
// CHECK-NEXT: output tmp: S1 -> S1 (=, =, <)  tmp -> tmp
// CHECK-NEXT: flow tmp: S1 -> S2 (=, =)  tmp -> tmp
// CHECK-NEXT: direction matrix (i, j, k):
// CHECK-NOT: C
// CHECK: scalars:
// CHECK-NEXT: tmp: reduction (i: private, j: private, k: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
// CHECK-NEXT: loop k: reduction (tmp + over k)
