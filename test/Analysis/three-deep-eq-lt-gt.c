// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// A[i][j][k] <- A[i][j-1][k+1]: i1 = i2, j1 = j2 - 1, k1 = k2 + 1, so
// [=, <, >]. By the parallelism theorem: i parallel (only '='), j sequential
// ('<' with only '=' outside), k parallel ('>' but j, an outer loop, is '<').

void eq_lt_gt(int N, float A[N][N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N - 1; k++)
        A[i][j][k] = A[i][j - 1][k + 1];
}
// CHECK-LABEL: nest eq_lt_gt:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (=, <, >)  A[i][j][k] -> A[i][j - 1][k + 1]
// CHECK-NEXT: direction matrix (i, j, k):
// CHECK-NEXT: S0 -> S0 flow A  [=, <, >]
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: sequential: flow dependence S0 -> S0 on A, direction (=, <, >)
// CHECK-NEXT: loop k: parallel (every dependence is '=' at k or carried by an outer loop)

// The pair, one subscript changed (A[i][j][k+1]): the read precedes the write
// of k + 1 in the same (i, j): anti [=, =, <], now k is sequential and j
// parallel.
void eq_eq_lt(int N, float A[N][N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      for (int k = 0; k < N - 1; k++)
        A[i][j][k] = A[i][j][k + 1];
}
// CHECK-LABEL: nest eq_eq_lt:
// CHECK: dependences:
// CHECK-NEXT: anti A: S0 -> S0 (=, =, <)  A[i][j][k + 1] -> A[i][j][k]
// CHECK-NEXT: direction matrix (i, j, k):
// CHECK-NEXT: S0 -> S0 anti A  [=, =, <]
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel
// CHECK-NEXT: loop j: parallel
// CHECK-NEXT: loop k: sequential: anti dependence S0 -> S0 on A, direction (=, =, <)

// Interchange theorem on the 3-deep nest: moving k outermost turns
// [=, <, >] into [>, =, <], illegal; swapping i and j gives [<, =, >], legal.
// RUN: not %looptile %s --function=eq_lt_gt --order=k,i,j --emit=c -o %t.c 2>&1 | FileCheck %s --check-prefix=ILLEGAL
// ILLEGAL: error: {{.*}}(=, <, >){{.*}}(>, =, <)
// RUN: %looptile %s --function=eq_lt_gt --interchange=i,j --emit=c -o %t2.c
// RUN: %looptile %t2.c --print-deps 2>&1 | FileCheck %s --check-prefix=SWAP
// SWAP: direction matrix (j, i, k):
// SWAP-NEXT: S0 -> S0 flow A  [<, =, >]
