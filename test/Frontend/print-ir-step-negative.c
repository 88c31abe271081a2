// Downward loops print a negative step; the bounds stay Lower <= i <= Upper
// and a negative step runs from the upper bound down.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void reverse(int N, float A[N], float B[N]) {
  for (int i = N - 1; i >= 0; i--)
    B[N - 1 - i] = A[i];
  for (int j = N - 1; j > 0; j -= 3)
    A[j] = A[j - 1];
  for (int k = N; k >= 1; k = k - 1)
    B[k - 1] += 1.0f;
}

// CHECK:function reverse(int N, float A[N], float B[N])  // line 5
// CHECK-NEXT:  for i in [0, N - 1] step -1  // line 6
// CHECK-NEXT:    S0: B[N - 1 - i] = A[i]  // line 7
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      write B[N - 1 - i]
// CHECK-NEXT:  for j in [1, N - 1] step -3  // line 8
// CHECK-NEXT:    S1: A[j] = A[j - 1]  // line 9
// CHECK-NEXT:      read  A[j - 1]
// CHECK-NEXT:      write A[j]
// CHECK-NEXT:  for k in [1, N] step -1  // line 10
// CHECK-NEXT:    S2: B[k - 1] += 1.0f  // line 11
// CHECK-NEXT:      read  B[k - 1]
// CHECK-NEXT:      write B[k - 1]
// CHECK-NOT:{{.+}}
