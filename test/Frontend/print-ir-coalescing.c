// Lecture 04, coalescing example: a scalar declared in loop i and one in loop j, and a recurrence on accum.
// RUN: %looptile %examples/coalescing.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function coalescing(int height, int width, const float A[height][width], float B[height][width])  // line 4
// CHECK-NEXT:  local float accum (declared in loop i)
// CHECK-NEXT:  local float tmpA (declared in loop j)
// CHECK-NEXT:  for i in [0, height - 1] step 1  // line 6
// CHECK-NEXT:    S0: float accum = 0.0f  // line 7
// CHECK-NEXT:      write accum
// CHECK-NEXT:    for j in [0, width - 1] step 1  // line 8
// CHECK-NEXT:      S1: float tmpA = A[i][j]  // line 9
// CHECK-NEXT:        read  A[i][j]
// CHECK-NEXT:        write tmpA
// CHECK-NEXT:      S2: accum = tmpA * tmpA - accum  // line 10
// CHECK-NEXT:        read  tmpA
// CHECK-NEXT:        read  tmpA
// CHECK-NEXT:        read  accum
// CHECK-NEXT:        write accum
// CHECK-NEXT:      S3: B[i][j] = accum  // line 11
// CHECK-NEXT:        read  accum
// CHECK-NEXT:        write B[i][j]
// CHECK-NOT:{{.+}}
