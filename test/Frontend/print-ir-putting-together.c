// Lecture 04, "Putting Everything Together": two nests inside i, a loop-local x, sqrtf calls and a += statement.
// RUN: %looptile %examples/putting_together.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function putting_together(int M, int N, int T, float X[M][N][N], const float B[M][N][N], float A[N][N])  // line 7
// CHECK-NEXT:  local float x (declared in loop j)
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 9
// CHECK-NEXT:    for k in [0, N - 1] step 1  // line 11
// CHECK-NEXT:      for j in [0, N - 1] step 1  // line 12
// CHECK-NEXT:        S0: float x = X[i][j][k]  // line 13
// CHECK-NEXT:          read  X[i][j][k]
// CHECK-NEXT:          write x
// CHECK-NEXT:        S1: A[k][j] = x * x  // line 14
// CHECK-NEXT:          read  x
// CHECK-NEXT:          read  x
// CHECK-NEXT:          write A[k][j]
// CHECK-NEXT:    for t in [0, T - 1] step 1  // line 18
// CHECK-NEXT:      for j in [1, N - 1] step 1  // line 19
// CHECK-NEXT:        for k in [1, N - 1] step 1  // line 20
// CHECK-NEXT:          S2: A[k][j] = sqrtf(A[k][j] * A[k - 1][j])  // line 21
// CHECK-NEXT:            read  A[k][j]
// CHECK-NEXT:            read  A[k - 1][j]
// CHECK-NEXT:            write A[k][j]
// CHECK-NEXT:          S3: X[i][k][j] += sqrtf(B[i][k - 1][j - 1])  // line 22
// CHECK-NEXT:            read  B[i][k - 1][j - 1]
// CHECK-NEXT:            read  X[i][k][j]
// CHECK-NEXT:            write X[i][k][j]
// CHECK-NOT:{{.+}}
