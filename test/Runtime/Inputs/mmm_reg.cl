// Hand-written fixture: the lecture's register + block tiled matmul
// (lecture 04, exercise 5). A work-group of RT*RT work-items computes an
// RT x (RT*RT) block of C: work-item j keeps the RT results of column j in
// the private array cs; the RT x RT slice of A lives in local memory
// (RT+1 columns against bank conflicts) and each B[k][j] is loaded once per
// k and reused RT times from a register.
#ifndef RT
#define RT 16
#endif

__kernel __attribute__((reqd_work_group_size(RT * RT, 1, 1)))
void mmm_reg(__global const float *A, __global const float *B,
             __global float *C, int M, int N, int K) {
  __local float Al[RT][RT + 1];
  int ii = get_group_id(1) * RT;
  int j = get_global_id(0);
  int lid = get_local_id(0);
  int locx = lid % RT, locy = lid / RT;
  float cs[RT];
#pragma unroll
  for (int i = 0; i < RT; ++i)
    cs[i] = 0.0f;
  for (int kk = 0; kk < K; kk += RT) {
    int ai = ii + locy, ak = kk + locx;
    Al[locy][locx] = (ai < M && ak < K) ? A[ai * K + ak] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < RT; ++k) {
      float b = (kk + k < K && j < N) ? B[(kk + k) * N + j] : 0.0f;
#pragma unroll
      for (int i = 0; i < RT; ++i)
        cs[i] += Al[i][k] * b;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int i = 0; i < RT; ++i)
    if (ii + i < M && j < N)
      C[(ii + i) * N + j] = cs[i];
}
