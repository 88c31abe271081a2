// Matmul with a function-scope scalar accumulator `sum` reset before each k
// loop: sum is memory (read and written), not a loop-local declaration.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void mmm_sum(int M, int N, int K, float A[M][K], float B[K][N],
             float C[M][N]) {
  float sum;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      sum = 0.0f;
      for (int k = 0; k < K; k++)
        sum = sum + A[i][k] * B[k][j];
      C[i][j] = sum;
    }
}

// CHECK:function mmm_sum(int M, int N, int K, float A[M][K], float B[K][N], float C[M][N])  // line 5
// CHECK-NEXT:  local float sum (function scope)
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 8
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 9
// CHECK-NEXT:      S0: sum = 0.0f  // line 10
// CHECK-NEXT:        write sum
// CHECK-NEXT:      for k in [0, K - 1] step 1  // line 11
// CHECK-NEXT:        S1: sum = sum + A[i][k] * B[k][j]  // line 12
// CHECK-NEXT:          read  sum
// CHECK-NEXT:          read  A[i][k]
// CHECK-NEXT:          read  B[k][j]
// CHECK-NEXT:          write sum
// CHECK-NEXT:      S2: C[i][j] = sum  // line 13
// CHECK-NEXT:        read  sum
// CHECK-NEXT:        write C[i][j]
// CHECK-NOT:{{.+}}
