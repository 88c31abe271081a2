// Register tiling (lecture 04 exercise 5, lecture 05): each work-item keeps
// a WPTM x WPTN block of accumulators in private registers (tmp expanded to
// tmp[WPTM][WPTN]); the loops over the block are unrolled; tiles of A and B
// are staged cooperatively in padded local memory.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/mmm.c --tile 16 --register-tile 4x2 -o %t/mmm.cl --print-mapping | FileCheck %s --check-prefix=MAP
// RUN: FileCheck %s < %t/mmm.cl

// MAP: kernel mmm: register-tiled, nest at line 7
// MAP: work-group: TSN / WPTN x TSM / WPTM (WPTM = 4, WPTN = 2, TSM = 64, TSN = 32, TSK = 16)
// MAP: outputs per work-item: WPTM*WPTN

// CHECK: __kernel __attribute__((reqd_work_group_size(TSN / WPTN, TSM / WPTM, 1))) void mmm(
// CHECK: __local float A_tile[TSM][TSK + 1];
// CHECK: __local float B_tile[TSK][TSN + 1];
// CHECK: float tmp[WPTM][WPTN];
// CHECK: for (int e = tid; e < (TSM) * (TSK); e += nthreads) {
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // the tiles are complete
// CHECK: for (int kl = 0; kl < TSK; kl++) {
// CHECK: #pragma unroll
// CHECK-NEXT: for (int wm = 0; wm < WPTM; wm++) {
// CHECK: #pragma unroll
// CHECK-NEXT: for (int wn = 0; wn < WPTN; wn++) {
// CHECK: tmp[wm][wn] += A_tile[ty + wm * (TSM / WPTM)][kl] * B_tile[kl][tx + wn * (TSN / WPTN)];
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // done with the tiles
// CHECK: C[i*N + j] = tmp[wm][wn];
