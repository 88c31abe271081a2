// Hand-written fixture: the lecture's block-tiled matmul (lecture 04,
// exercise 4): TS x TS work-groups; each step copies a TS x TS slice of A and
// of B into local memory (zero-filled past the matrix edges), synchronizes,
// accumulates from local memory, and synchronizes again before the next
// copy overwrites the tiles.
#ifndef TS
#define TS 16
#endif

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void mmm_block(__global const float *A, __global const float *B,
               __global float *C, int M, int N, int K) {
  __local float Al[TS][TS];
  __local float Bl[TS][TS];
  int lx = get_local_id(0), ly = get_local_id(1);
  int j = get_group_id(0) * TS + lx;
  int i = get_group_id(1) * TS + ly;
  float acc = 0.0f;
  for (int kk = 0; kk < K; kk += TS) {
    Al[ly][lx] = (i < M && kk + lx < K) ? A[i * K + kk + lx] : 0.0f;
    Bl[ly][lx] = (kk + ly < K && j < N) ? B[(kk + ly) * N + j] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; ++k)
      acc += Al[ly][k] * Bl[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < M && j < N)
    C[i * N + j] = acc;
}
