// Lecture 04, array expansion: the function-scope scalar tmp is a read and written memory location, listed as a local.
// RUN: %looptile %examples/tmp_expansion.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function tmp_expansion(int N, float A[N], float B[N])  // line 4
// CHECK-NEXT:  local float tmp (function scope)
// CHECK-NEXT:  for i in [2, N - 1] step 1  // line 6
// CHECK-NEXT:    S0: tmp = 2.0f * B[i - 2]  // line 7
// CHECK-NEXT:      read  B[i - 2]
// CHECK-NEXT:      write tmp
// CHECK-NEXT:    S1: A[i] = tmp  // line 8
// CHECK-NEXT:      read  tmp
// CHECK-NEXT:      write A[i]
// CHECK-NEXT:    S2: B[i] = tmp + B[i - 1]  // line 9
// CHECK-NEXT:      read  tmp
// CHECK-NEXT:      read  B[i - 1]
// CHECK-NEXT:      write B[i]
// CHECK-NOT:{{.+}}
