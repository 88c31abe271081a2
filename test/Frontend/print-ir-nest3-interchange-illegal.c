// Lecture 04, third direction-vector example: A[i][j] = A[i-1][j+1] + 1, A declared N x (N+1).
// RUN: %looptile %examples/nest3_interchange_illegal.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function nest3(int N, float A[N][N + 1])  // line 4
// CHECK-NEXT:  for i in [1, N - 1] step 1  // line 5
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 6
// CHECK-NEXT:      S0: A[i][j] = A[i - 1][j + 1] + 1.0f  // line 7
// CHECK-NEXT:        read  A[i - 1][j + 1]
// CHECK-NEXT:        write A[i][j]
// CHECK-NOT:{{.+}}
