// RUN: %looptile %examples/coalescing.c --print-deps 2>&1 | FileCheck %s
// Lecture 04, "Coalesced Accesses": accum is fresh per i ('=' at i) and
// S2 reads the accum that S2 wrote in iteration j - 1: flow [=, <] on
// accum, so j is sequential and i parallel; tmpA is written before it is
// read in every j iteration: private.

// CHECK: dependences:
// CHECK-NEXT: flow accum: S0 -> S2 (=)  accum -> accum
// CHECK-NEXT: output accum: S0 -> S2 (=)  accum -> accum
// CHECK-NEXT: flow accum: S0 -> S3 (=)  accum -> accum
// CHECK-NEXT: flow tmpA: S1 -> S2 (=, =)  tmpA -> tmpA
// CHECK-NEXT: flow accum: S2 -> S2 (=, <)  accum -> accum
// CHECK-NEXT: anti accum: S2 -> S2 (=, <)  accum -> accum
// CHECK-NEXT: anti accum: S2 -> S2 (=, =)  accum -> accum
// CHECK-NEXT: output accum: S2 -> S2 (=, <)  accum -> accum
// CHECK-NEXT: flow accum: S2 -> S3 (=, <)  accum -> accum
// CHECK-NEXT: flow accum: S2 -> S3 (=, =)  accum -> accum
// CHECK-NEXT: anti accum: S3 -> S2 (=, <)  accum -> accum
// CHECK-NEXT: direction matrix (i, j):
// CHECK-NOT: A[i][j]
// CHECK: scalars:
// CHECK-NEXT: accum: carried (i: private, j: carried)
// CHECK-NEXT: tmpA: private (i: private, j: private)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: sequential: flow dependence S2 -> S2 on accum, direction (=, <)
