// Lecture 04, first direction-vector example: A[j][i] = A[j][i] + 1 over a square nest.
// RUN: %looptile %examples/nest1_independent.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function nest1(int N, float A[N][N])  // line 4
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 5
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 6
// CHECK-NEXT:      S0: A[j][i] = A[j][i] + 1.0f  // line 7
// CHECK-NEXT:        read  A[j][i]
// CHECK-NEXT:        write A[j][i]
// CHECK-NOT:{{.+}}
