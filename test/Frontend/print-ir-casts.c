// Explicit and implicit conversions between int, float and double show up as
// casts in the IR; the loop variable can be used as a value.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void casts(int N, const int I[N], float F[N], double D[N]) {
  for (int i = 0; i < N; i++) {
    F[i] = (float)I[i] / 2.0f;
    D[i] = F[i];
    F[i] = (float)(D[i] * 0.5);
    D[i] = i;
  }
}

// CHECK:function casts(int N, const int I[N], float F[N], double D[N])  // line 5
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 6
// CHECK-NEXT:    S0: F[i] = (float)I[i] / 2.0f  // line 7
// CHECK-NEXT:      read  I[i]
// CHECK-NEXT:      write F[i]
// CHECK-NEXT:    S1: D[i] = (double)F[i]  // line 8
// CHECK-NEXT:      read  F[i]
// CHECK-NEXT:      write D[i]
// CHECK-NEXT:    S2: F[i] = (float)(D[i] * 0.5)  // line 9
// CHECK-NEXT:      read  D[i]
// CHECK-NEXT:      write F[i]
// CHECK-NEXT:    S3: D[i] = (double)i  // line 10
// CHECK-NEXT:      write D[i]
// CHECK-NOT:{{.+}}
