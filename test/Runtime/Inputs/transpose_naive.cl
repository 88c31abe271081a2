// Hand-written fixture: the lecture's uncoalesced transpose (lecture 04):
// one work-item per element, the write to B strided by height.
#ifndef TILE
#define TILE 16
#endif

__kernel void transpose_naive(__global const float *A, __global float *B,
                              int height, int width) {
  int j = get_global_id(0);
  int i = get_global_id(1);
  if (i >= height || j >= width)
    return;
  B[j * height + i] = A[i * width + j];
}
