// Side-effect-free math calls (sqrtf, fmaxf, fabsf, expf, and the double
// sqrt) are expressions; their array arguments are reads.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

#include <math.h>

void norms(int N, const float A[N], const float B[N], float C[N],
           double D[N]) {
  for (int i = 0; i < N; i++) {
    C[i] = sqrtf(A[i] * A[i] + B[i] * B[i]);
    C[i] = fmaxf(C[i], fabsf(A[i])) - expf(-B[i]);
    D[i] = sqrt(D[i]);
  }
}

// CHECK:function norms(int N, const float A[N], const float B[N], float C[N], double D[N])  // line 7
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 9
// CHECK-NEXT:    S0: C[i] = sqrtf(A[i] * A[i] + B[i] * B[i])  // line 10
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      write C[i]
// CHECK-NEXT:    S1: C[i] = fmaxf(C[i], fabsf(A[i])) - expf(-B[i])  // line 11
// CHECK-NEXT:      read  C[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      write C[i]
// CHECK-NEXT:    S2: D[i] = sqrt(D[i])  // line 12
// CHECK-NEXT:      read  D[i]
// CHECK-NEXT:      write D[i]
// CHECK-NOT:{{.+}}
