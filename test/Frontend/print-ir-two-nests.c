// Two nests in one function with a statement between them: the statement is
// at function level (no loop), and statement ids continue across nests.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void two_nests(int N, float A[N], float B[N], float s[1]) {
  for (int i = 0; i < N; i++)
    A[i] = B[i] + 1.0f;
  s[0] = 0.0f;
  for (int i = 0; i < N; i++)
    s[0] += A[i];
  return;
}

// CHECK:function two_nests(int N, float A[N], float B[N], float s[1])  // line 5
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 6
// CHECK-NEXT:    S0: A[i] = B[i] + 1.0f  // line 7
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      write A[i]
// CHECK-NEXT:  S1: s[0] = 0.0f  // line 8
// CHECK-NEXT:    write s[0]
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 9
// CHECK-NEXT:    S2: s[0] += A[i]  // line 10
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  s[0]
// CHECK-NEXT:      write s[0]
// CHECK-NOT:{{.+}}
