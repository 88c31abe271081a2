// RUN: %looptile %examples/nest2_inner_carried.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %examples/nest2_inner_carried.c --interchange=i,j --emit=c -o %t.c
// RUN: %looptile %t.c --print-deps 2>&1 | FileCheck %s --check-prefix=SWAP
// Lecture 04, nest 2: A[j][i] <- A[j-1][i] gives i1 = i2, j1 = j2 - 1: [=, <];
// B[j][i] <- B[j-1][i-1] gives i1 = i2 - 1, j1 = j2 - 1: [<, <]. Column i has
// a '<' with no outer loop, column j has '<' in row A whose i entry is '=':
// neither loop is parallel.

// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (=, <)  A[j][i] -> A[j - 1][i]
// CHECK-NEXT: flow B: S1 -> S1 (<, <)  B[j][i] -> B[j - 1][i - 1]
// CHECK-NEXT: direction matrix (i, j):
// CHECK-NEXT: S0 -> S0 flow A  [=, <]
// CHECK-NEXT: S1 -> S1 flow B  [<, <]
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S1 -> S1 on B, direction (<, <)
// CHECK-NEXT: loop j: sequential: flow dependence S0 -> S0 on A, direction (=, <)

// Interchange theorem: swapping the columns gives [<, =] and [<, <], no '>'
// leads a row, so the interchange is legal; the new inner loop i is then '='
// or carried by the outer j in every row: parallel (the lecture's "after
// interchange" remark).
// SWAP: direction matrix (j, i):
// SWAP-NEXT: S0 -> S0 flow A  [<, =]
// SWAP-NEXT: S1 -> S1 flow B  [<, <]
// SWAP-NEXT: verdicts:
// SWAP-NEXT: loop j: sequential
// SWAP-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
