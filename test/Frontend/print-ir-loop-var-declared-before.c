// Loop variables declared ahead of their loops (C89 style) are loop
// variables, not locals, and may be reused by sibling loops.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void c89(int N, float A[N][N], float B[N][N]) {
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      A[i][j] = 0.0f;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      B[i][j] = A[j][i];
}

// CHECK:function c89(int N, float A[N][N], float B[N][N])  // line 5
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 7
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 8
// CHECK-NEXT:      S0: A[i][j] = 0.0f  // line 9
// CHECK-NEXT:        write A[i][j]
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 10
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 11
// CHECK-NEXT:      S1: B[i][j] = A[j][i]  // line 12
// CHECK-NEXT:        read  A[j][i]
// CHECK-NEXT:        write B[i][j]
// CHECK-NOT:{{.+}}
