// Linearized transpose B[j*height + i] = A[i*width + j] over restrict pointers (examples/transpose.c).
// RUN: %looptile %examples/transpose.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function transpose(int height, int width, const float *restrict A, float *restrict B)  // line 5
// CHECK-NEXT:  for i in [0, height - 1] step 1  // line 7
// CHECK-NEXT:    for j in [0, width - 1] step 1  // line 8
// CHECK-NEXT:      S0: B[j*height + i] = A[i*width + j]  // line 9
// CHECK-NEXT:        read  A[i*width + j]
// CHECK-NEXT:        write B[j*height + i]
// CHECK-NOT:{{.+}}
