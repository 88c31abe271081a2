// Matmul over pointer parameters with linearized subscripts, as the lecture's
// OpenCL kernels write it: the subscripts keep their i*K + k form.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void mmm_linear(int M, int N, int K, const float *A, const float *B,
                float *C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

// CHECK:function mmm_linear(int M, int N, int K, const float *A, const float *B, float *C)  // line 5
// CHECK-NEXT:  local float acc (declared in loop j)
// CHECK-NEXT:  for i in [0, M - 1] step 1  // line 7
// CHECK-NEXT:    for j in [0, N - 1] step 1  // line 8
// CHECK-NEXT:      S0: float acc = 0.0f  // line 9
// CHECK-NEXT:        write acc
// CHECK-NEXT:      for k in [0, K - 1] step 1  // line 10
// CHECK-NEXT:        S1: acc += A[i*K + k] * B[k*N + j]  // line 11
// CHECK-NEXT:          read  A[i*K + k]
// CHECK-NEXT:          read  B[k*N + j]
// CHECK-NEXT:          read  acc
// CHECK-NEXT:          write acc
// CHECK-NEXT:      S2: C[i*N + j] = acc  // line 12
// CHECK-NEXT:        read  acc
// CHECK-NEXT:        write C[i*N + j]
// CHECK-NOT:{{.+}}
