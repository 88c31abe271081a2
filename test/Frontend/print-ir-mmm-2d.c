// Matmul with C99 2-D array parameters and a private accumulator declared in loop j (examples/mmm.c).
// RUN: %looptile %examples/mmm.c --print-ir | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:function mmm(int M, int N, int K, const float A[M][K], const float B[K][N], float C[M][N])  // line 5
// CHECK-NEXT:  local float tmp (declared in loop j)
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 7
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 8
// CHECK-NEXT:      S0: float tmp = 0.0f  // line 9
// CHECK-NEXT:        write tmp
// CHECK-NEXT:      for k in [0, K - 1] step 1  // line 10
// CHECK-NEXT:        S1: tmp += A[i][k] * B[k][j]  // line 11
// CHECK-NEXT:          read  A[i][k]
// CHECK-NEXT:          read  B[k][j]
// CHECK-NEXT:          read  tmp
// CHECK-NEXT:          write tmp
// CHECK-NEXT:      S2: C[i][j] = tmp  // line 12
// CHECK-NEXT:        read  tmp
// CHECK-NEXT:        write C[i][j]
// CHECK-NOT:{{.+}}
