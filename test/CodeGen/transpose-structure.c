// Coalesced transposition (lecture 04 exercise 1): the read is stride-1 in j
// and the write in i, so the kernel stages through a TS x (TS + 1) tile:
// read row-wise, barrier, write the transposed tile row-wise. The work-group
// is TS x TSR work-items, each copying TS / TSR rows (r in steps of TSR).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/transpose.c --tile 16 -o %t/tr.cl --print-mapping | FileCheck %s --check-prefix=MAP
// RUN: FileCheck %s < %t/tr.cl
// RUN: %looptile %s --tile 8 --function transpose2d -o %t/tr2d.cl
// RUN: FileCheck %s --check-prefix=TWOD < %t/tr2d.cl
// RUN: %looptile %s --tile 8 --function names -o %t/names.cl --print-mapping | FileCheck %s --check-prefix=NAMESMAP
// RUN: FileCheck %s --check-prefix=NAMES < %t/names.cl

// MAP: kernel transpose: transpose (local-memory tile), nest at {{.*}}:7
// MAP: staged in local memory: A[i*width + j] -> tile[TS][TS + 1]

// MAP: vector path: TVW elements per global load and store
// MAP: work-group: TS x TSR (TSR = 8, TS = 16, TVW = 1, TPW = 1)
// MAP: outputs per work-item: TS / TSR * TPW

// CHECK: #define TSR 8
// CHECK: #define TS 16
// CHECK: __kernel __attribute__((reqd_work_group_size(TS, TSR, 1))) void transpose(
// CHECK: __local float tile[TS][TS + 1];
// CHECK: for (int r = 0; r < TS; r += TSR) {
// CHECK-NEXT: const int j = j0 + l0, i = i0 + l1 + r;
// CHECK: tile[l1 + r][l0] = A[i*width + j];
// CHECK: barrier(CLK_LOCAL_MEM_FENCE);
// CHECK: for (int r = 0; r < TS; r += TSR) {
// CHECK-NEXT: const int j = j0 + l1 + r, i = i0 + l0;
// CHECK: B[j*height + i] = tile[l0][l1 + r];

// The function's own loop variable r: the generated row counter is renamed.
// TWOD: #define TSR 8
// TWOD: tile[l1 + r_2][l0] = A[r*C + c];
// TWOD: B[c*R + r] = tile[l0][l1 + r_2];
void transpose2d(int R, int C, const float A[R][C], float B[C][R]) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      B[c][r] = A[r][c];
}

// Arrays named like the kernel's tile and local ids: the kernel's own names
// move aside.
// NAMESMAP: staged in local memory: tile[r][c] -> tile_2[TS][TS + 1]
// NAMES: __local float tile_2[TS][TS + 1];
// NAMES: const int l0_2 = (int)get_local_id(0), l1_2 = (int)get_local_id(1);
// NAMES: tile_2[l1_2 + r_2][l0_2] = tile[r*C + c];
// NAMES: l0[c*R + r] = tile_2[l0_2][l1_2 + r_2] * l1;
void names(int R, int C, const float tile[R][C], float l0[C][R], float l1) {
  for (int r = 0; r < R; r++)
    for (int c = 0; c < C; c++)
      l0[c][r] = tile[r][c] * l1;
}
