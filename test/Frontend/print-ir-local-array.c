// A local array declared in the function body (float t[N]) and one with a
// constant size: both are listed as locals and accessed like parameters.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void smooth(int N, float A[N][N]) {
  float t[N];
  float w[3];
  for (int k = 0; k < 3; k++)
    w[k] = 1.0f;
  for (int i = 0; i < N; i++) {
    for (int j = 1; j < N - 1; j++)
      t[j] = w[0] * A[i][j - 1] + w[1] * A[i][j] + w[2] * A[i][j + 1];
    for (int j = 1; j < N - 1; j++)
      A[i][j] = t[j];
  }
}

// CHECK:function smooth(int N, float A[N][N])  // line 5
// CHECK-NEXT:  local float t[N] (function scope)
// CHECK-NEXT:  local float w[3] (function scope)
// CHECK-NEXT:  for k in [0, 2] step 1  // line 8
// CHECK-NEXT:    S0: w[k] = 1.0f  // line 9
// CHECK-NEXT:      write w[k]
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 10
// CHECK-NEXT:    for j in [1, N - 2] step 1  // line 11
// CHECK-NEXT:      S1: t[j] = w[0] * A[i][j - 1] + w[1] * A[i][j] + w[2] * A[i][j + 1]  // line 12
// CHECK-NEXT:        read  w[0]
// CHECK-NEXT:        read  A[i][j - 1]
// CHECK-NEXT:        read  w[1]
// CHECK-NEXT:        read  A[i][j]
// CHECK-NEXT:        read  w[2]
// CHECK-NEXT:        read  A[i][j + 1]
// CHECK-NEXT:        write t[j]
// CHECK-NEXT:    for j in [1, N - 2] step 1  // line 13
// CHECK-NEXT:      S2: A[i][j] = t[j]  // line 14
// CHECK-NEXT:        read  t[j]
// CHECK-NEXT:        write A[i][j]
// CHECK-NOT:{{.+}}
