// Upward increments: i += 2 (a stride), i = i + 1, i = 1 + i, ++i, and a
// constant expression step (i += 2 * 4).
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void steps(int N, float A[N]) {
  for (int a = 0; a < N; a += 2)
    A[a] = 0.0f;
  for (int b = 1; b < N; b = b + 1)
    A[b] = 1.0f;
  for (int c = 0; c < N; c = 1 + c)
    A[c] = 2.0f;
  for (int d = 0; d < N; ++d)
    A[d] = 3.0f;
  for (int e = 0; e < N; e += 2 * 4)
    A[e] = 4.0f;
}

// CHECK:function steps(int N, float A[N])  // line 5
// CHECK-NEXT:  for a in [0, N - 1] step 2  // line 6
// CHECK-NEXT:    S0: A[a] = 0.0f  // line 7
// CHECK-NEXT:      write A[a]
// CHECK-NEXT:  for b in [1, N - 1] step 1  // line 8
// CHECK-NEXT:    S1: A[b] = 1.0f  // line 9
// CHECK-NEXT:      write A[b]
// CHECK-NEXT:  for c in [0, N - 1] step 1  // line 10
// CHECK-NEXT:    S2: A[c] = 2.0f  // line 11
// CHECK-NEXT:      write A[c]
// CHECK-NEXT:  for d in [0, N - 1] step 1  // line 12
// CHECK-NEXT:    S3: A[d] = 3.0f  // line 13
// CHECK-NEXT:      write A[d]
// CHECK-NEXT:  for e in [0, N - 1] step 8  // line 14
// CHECK-NEXT:    S4: A[e] = 4.0f  // line 15
// CHECK-NEXT:      write A[e]
// CHECK-NOT:{{.+}}
