// double and int element types, for arrays, pointers, locals and scalar
// parameters (alpha is a read-only value, not memory: no read line).
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void daxpy(int N, double alpha, const double *x, double *y) {
  for (int i = 0; i < N; i++)
    y[i] = alpha * x[i] + y[i];
}

void rowsum_mod(int N, int M, const int A[N][M], int rowsum[N]) {
  for (int i = 0; i < N; i++) {
    int s = 0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * 2 - 1;
    rowsum[i] = s % 7;
  }
}

// CHECK:function daxpy(int N, double alpha, const double *x, double *y)  // line 5
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 6
// CHECK-NEXT:    S0: y[i] = alpha * x[i] + y[i]  // line 7
// CHECK-NEXT:      read  x[i]
// CHECK-NEXT:      read  y[i]
// CHECK-NEXT:      write y[i]
// CHECK-EMPTY:
// CHECK-NEXT:function rowsum_mod(int N, int M, const int A[N][M], int rowsum[N])  // line 10
// CHECK-NEXT:  local int s (declared in loop i)
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 11
// CHECK-NEXT:    S0: int s = 0  // line 12
// CHECK-NEXT:      write s
// CHECK-NEXT:    for j in [0, M - 1] step 1  // line 13
// CHECK-NEXT:      S1: s += A[i][j] * 2 - 1  // line 14
// CHECK-NEXT:        read  A[i][j]
// CHECK-NEXT:        read  s
// CHECK-NEXT:        write s
// CHECK-NEXT:    S2: rowsum[i] = s % 7  // line 15
// CHECK-NEXT:      read  s
// CHECK-NEXT:      write rowsum[i]
// CHECK-NOT:{{.+}}
