// Comparisons, `&&`, `||`, `!` and `?:` inside a statement's value: both
// arms' reads count as reads of the statement (only one arm runs; the
// analysis over-approximates), and the value prints as written.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void select_max(int N, float C[N], const float A[N], const float B[N]) {
  for (int i = 0; i < N; i++)
    C[i] = A[i] > B[i] ? A[i] : B[i];
}

// CHECK:function select_max(int N, float C[N], const float A[N], const float B[N])  // line 6
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 7
// CHECK-NEXT:    S0: C[i] = A[i] > B[i] ? A[i] : B[i]  // line 8
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      write C[i]

void mask(int N, int M[N], const float A[N], const float B[N]) {
  for (int i = 0; i < N; i++)
    M[i] = A[i] < B[i] && !(A[i] == 0.0f || B[i] != 1.0f);
}

// CHECK:function mask(int N, int M[N], const float A[N], const float B[N])  // line 20
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 21
// CHECK-NEXT:    S0: M[i] = A[i] < B[i] && !(A[i] == 0.0f || B[i] != 1.0f)  // line 22
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      write M[i]

void border_value(int N, float B[N], const float A[N]) {
  for (int i = 0; i < N; i++)
    B[i] = (i > 0 ? A[i - 1] : 0.0f) + 2.0f * (i < N - 1 ? A[i + 1] : A[i]);
}

// CHECK:function border_value(int N, float B[N], const float A[N])  // line 34
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 35
// CHECK-NEXT:    S0: B[i] = (i > 0 ? A[i - 1] : 0.0f) + 2.0f * (i < N - 1 ? A[i + 1] : A[i])  // line 36
// CHECK-NEXT:      read  A[i - 1]
// CHECK-NEXT:      read  A[i + 1]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      write B[i]
