// Triangular nests: j < i gives the inclusive upper bound i - 1, j <= i gives
// i; a lower bound can depend on the outer variable too (j = i + 1).
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void lower_strict(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = A[j][i];
}

void lower_diag(int N, float L[N][N], float x[N], float b[N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      b[i] -= L[i][j] * x[j];
}

void upper_strict(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++)
      A[i][j] = 0.0f;
}

// CHECK:function lower_strict(int N, float A[N][N])  // line 5
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 6
// CHECK-NEXT:    for j in [0, i - 1] step 1  // line 7
// CHECK-NEXT:      S0: A[i][j] = A[j][i]  // line 8
// CHECK-NEXT:        read  A[j][i]
// CHECK-NEXT:        write A[i][j]
// CHECK-EMPTY:
// CHECK-NEXT:function lower_diag(int N, float L[N][N], float x[N], float b[N])  // line 11
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 12
// CHECK-NEXT:    for j in [0, i] step 1  // line 13
// CHECK-NEXT:      S0: b[i] -= L[i][j] * x[j]  // line 14
// CHECK-NEXT:        read  L[i][j]
// CHECK-NEXT:        read  x[j]
// CHECK-NEXT:        read  b[i]
// CHECK-NEXT:        write b[i]
// CHECK-EMPTY:
// CHECK-NEXT:function upper_strict(int N, float A[N][N])  // line 17
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 18
// CHECK-NEXT:    for j in [i + 1, N - 1] step 1  // line 19
// CHECK-NEXT:      S0: A[i][j] = 0.0f  // line 20
// CHECK-NEXT:        write A[i][j]
// CHECK-NOT:{{.+}}
