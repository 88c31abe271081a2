// Matmul accumulating into C[i][j] +=: in mmm_zeroed an earlier nest zeroes C
// (two nests in one function), in mmm_caller_zeroed the caller does.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void mmm_zeroed(int M, int N, int K, float A[M][K], float B[K][N],
                float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      C[i][j] = 0.0f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void mmm_caller_zeroed(int M, int N, int K, float A[M][K], float B[K][N],
                       float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}

// CHECK:function mmm_zeroed(int M, int N, int K, float A[M][K], float B[K][N], float C[M][N])  // line 5
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 7
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 8
// CHECK-NEXT:      S0: C[i][j] = 0.0f  // line 9
// CHECK-NEXT:        write C[i][j]
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 10
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 11
// CHECK-NEXT:      for k in [0, K - 1] step 1  // line 12
// CHECK-NEXT:        S1: C[i][j] += A[i][k] * B[k][j]  // line 13
// CHECK-NEXT:          read  A[i][k]
// CHECK-NEXT:          read  B[k][j]
// CHECK-NEXT:          read  C[i][j]
// CHECK-NEXT:          write C[i][j]
// CHECK-EMPTY:
// CHECK-NEXT:function mmm_caller_zeroed(int M, int N, int K, float A[M][K], float B[K][N], float C[M][N])  // line 16
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 18
// CHECK-NEXT:    for k in [0, K - 1] step 1  // line 19
// CHECK-NEXT:      for j in [0, N - 1] step 1  // line 20
// CHECK-NEXT:        S0: C[i][j] += A[i][k] * B[k][j]  // line 21
// CHECK-NEXT:          read  A[i][k]
// CHECK-NEXT:          read  B[k][j]
// CHECK-NEXT:          read  C[i][j]
// CHECK-NEXT:          write C[i][j]
// CHECK-NOT:{{.+}}
