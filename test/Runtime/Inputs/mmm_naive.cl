// Hand-written fixture: the lecture's naive matmul (lecture 01, task 1):
// one work-item per element of C, guarded for sizes that are not a multiple
// of the work-group.
#ifndef TS
#define TS 16
#endif

__kernel void mmm_naive(__global const float *A, __global const float *B,
                        __global float *C, int M, int N, int K) {
  int j = get_global_id(0);
  int i = get_global_id(1);
  if (i >= M || j >= N)
    return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k)
    acc += A[i * K + k] * B[k * N + j];
  C[i * N + j] = acc;
}
