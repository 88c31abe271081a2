// Lecture 04, second direction-vector example: two statements, offsets -1 in j (A) and in i and j (B), both loops from 1.
// RUN: %looptile %examples/nest2_inner_carried.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function nest2(int N, float A[N][N], float B[N][N])  // line 5
// CHECK-NEXT:  for i in [1, N - 1] step 1  // line 6
// CHECK-NEXT:    for j in [1, N - 1] step 1  // line 7
// CHECK-NEXT:      S0: A[j][i] = A[j - 1][i] * 2.0f  // line 8
// CHECK-NEXT:        read  A[j - 1][i]
// CHECK-NEXT:        write A[j][i]
// CHECK-NEXT:      S1: B[j][i] = B[j - 1][i - 1] + 1.0f  // line 9
// CHECK-NEXT:        read  B[j - 1][i - 1]
// CHECK-NEXT:        write B[j][i]
// CHECK-NOT:{{.+}}
