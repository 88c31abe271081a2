// Hand-written fixture: the lecture's coalesced transpose (lecture 04,
// exercise 1): a TILE x TILE block of A is read row-wise into local memory,
// then written row-wise into the transposed block of B. The tile has
// TILE+1 columns so the column-wise reads hit different local-memory banks.
#ifndef TILE
#define TILE 16
#endif

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose_coalesced(__global const float *A, __global float *B,
                         int height, int width) {
  __local float tile[TILE][TILE + 1];
  int lx = get_local_id(0), ly = get_local_id(1);
  int j = get_group_id(0) * TILE + lx; // column of A
  int i = get_group_id(1) * TILE + ly; // row of A
  if (i < height && j < width)
    tile[ly][lx] = A[i * width + j];
  barrier(CLK_LOCAL_MEM_FENCE);
  int oi = get_group_id(1) * TILE + lx; // row of A = column of B
  int oj = get_group_id(0) * TILE + ly; // column of A = row of B
  if (oi < height && oj < width)
    B[oj * height + oi] = tile[lx][ly];
}
