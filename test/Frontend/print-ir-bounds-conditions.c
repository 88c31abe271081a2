// Loop conditions with <=, >, >= and with the loop variable on the right
// (N > i is i < N). The IR's bounds are inclusive.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void conditions(int N, float A[N + 1]) {
  for (int a = 0; a <= N; a++)
    A[a] = 0.0f;
  for (int b = 0; N > b; b++)
    A[b] = 1.0f;
  for (int c = 1; N >= c; c++)
    A[c] = 2.0f;
  for (int d = N; d > 0; d--)
    A[d] = 3.0f;
  for (int e = N; e >= 1; e--)
    A[e] = 4.0f;
  for (int f = N; 0 < f; f--)
    A[f] = 5.0f;
  for (int g = 0; g < N && g <= 10; g++)
    A[g] = 6.0f;
}

// CHECK:function conditions(int N, float A[N + 1])  // line 5
// CHECK-NEXT:  for a in [0, N] step 1  // line 6
// CHECK-NEXT:    S0: A[a] = 0.0f  // line 7
// CHECK-NEXT:      write A[a]
// CHECK-NEXT:  for b in [0, N - 1] step 1  // line 8
// CHECK-NEXT:    S1: A[b] = 1.0f  // line 9
// CHECK-NEXT:      write A[b]
// CHECK-NEXT:  for c in [1, N] step 1  // line 10
// CHECK-NEXT:    S2: A[c] = 2.0f  // line 11
// CHECK-NEXT:      write A[c]
// CHECK-NEXT:  for d in [1, N] step -1  // line 12
// CHECK-NEXT:    S3: A[d] = 3.0f  // line 13
// CHECK-NEXT:      write A[d]
// CHECK-NEXT:  for e in [1, N] step -1  // line 14
// CHECK-NEXT:    S4: A[e] = 4.0f  // line 15
// CHECK-NEXT:      write A[e]
// CHECK-NEXT:  for f in [1, N] step -1  // line 16
// CHECK-NEXT:    S5: A[f] = 5.0f  // line 17
// CHECK-NEXT:      write A[f]
// CHECK-NEXT:  for g in [0, min(N - 1, 10)] step 1  // line 18
// CHECK-NEXT:    S6: A[g] = 6.0f  // line 19
// CHECK-NEXT:      write A[g]
// CHECK-NOT:{{.+}}
