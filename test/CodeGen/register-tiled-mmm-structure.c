// Register tiling (lecture 04 exercise 5, lecture 05): each work-item keeps
// a WPTM x WPTN block of accumulators in private registers (tmp expanded to
// tmp[WPTM][WPTN]); the loops over the block are unrolled; tiles of A and B
// are staged cooperatively in local memory, reduction-major, and each
// reduction step reads a work-item's WPTM values of A and WPTN values of B
// into registers with vector reads of width VW.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/mmm.c --tile 16 --register-tile 4x2 -o %t/mmm.cl --print-mapping | FileCheck %s --check-prefix=MAP
// RUN: FileCheck %s < %t/mmm.cl
// RUN: FileCheck %s --check-prefix=JSON < %t/mmm.json
// 8x8 outputs give vector reads of 4, 3x3 (odd) of 1:
// RUN: %looptile %examples/mmm.c --tile 16 --register-tile 8 -o %t/r8.cl
// RUN: FileCheck %s --check-prefix=R8 < %t/r8.json
// RUN: %looptile %examples/mmm.c --tile 8 --register-tile 3 -o %t/r3.cl
// RUN: FileCheck %s --check-prefix=R3 < %t/r3.json

// MAP: kernel mmm: register-tiled, nest at {{.*}}:7
// MAP: work-group: TSN / WPTN x TSM / WPTM (VW = 2, WPTM = 4, WPTN = 2, TSM = 64, TSN = 32, TSK = 8)
// A is fast along k, so its tile is transposed and padded by VW:
// 8*(64+2)*4 + 8*32*4 bytes (TSK defaults to min(tile, 8)).
// MAP: local memory per work-group: TSK*(TSM + VW)*4 + TSK*(TSN)*4 = 3136 bytes
// MAP: outputs per work-item: WPTM*WPTN

// CHECK: #define LT_VLOAD_float(dst, src) (*(dst) = *(src))
// CHECK: #define LT_VLOAD_float(dst, src) LT_CAT(vstore, VW)(*(__local const LT_CAT(float, VW) *)(src), 0, (dst))
// CHECK: __kernel __attribute__((reqd_work_group_size(TSN / WPTN, TSM / WPTM, 1))) void mmm(
// CHECK: __local float A_tile[TSK][TSM + VW] __attribute__((aligned(VW * sizeof(float))));
// CHECK: float A_reg[WPTM];
// CHECK: __local float B_tile[TSK][TSN] __attribute__((aligned(VW * sizeof(float))));
// CHECK: float B_reg[WPTN];
// CHECK: float tmp[WPTM][WPTN];
// Outputs in groups of VW, neighbouring work-items' groups adjacent:
// CHECK: const int i = i0 + (wm / VW) * (VW * (TSM / WPTM)) + ty * VW + wm % VW;
// CHECK: const int j = j0 + (wn / VW) * (VW * (TSN / WPTN)) + tx * VW + wn % VW;
// CHECK: tmp[wm][wn] = 0.0f;
// Software pipelining: the first step's tiles are loaded into registers
// before the loop; each step stores them into local memory and loads the
// next step's while it computes. The copy of A reads along k (coalesced)
// and stores transposed.
// CHECK: float A_next[(TSM * TSK + (TSN / WPTN) * (TSM / WPTM) - 1) / ((TSN / WPTN) * (TSM / WPTM))];
// CHECK: float B_next[(TSK * TSN + (TSN / WPTN) * (TSM / WPTM) - 1) / ((TSN / WPTN) * (TSM / WPTM))];
// CHECK: const int kk = 0; // the first step's tiles
// CHECK: for (int q = 0; q < ((TSM) * (TSK) + nthreads - 1) / nthreads; q++) {
// CHECK-NEXT: const int e = tid + q * nthreads;
// CHECK-NEXT: if (e < (TSM) * (TSK)) {
// CHECK-NEXT: const int a1 = e / (TSK), a0 = e % (TSK);
// CHECK-NEXT: A_next[q] = ((i0 + a1) <= M - 1 && (kk + a0) <= K - 1) ? A[i0*K + a1*K + kk + a0] : 0.0f;
// CHECK: for (int kk = 0; kk <= K - 1; kk += TSK) {
// CHECK: A_tile[a0][a1] = A_next[q];
// CHECK: B_tile[a1][a0] = B_next[q];
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // the tiles are complete
// CHECK-NEXT: const int kx = kk + TSK;
// CHECK-NEXT: if (kx <= K - 1) {
// CHECK: A_next[q] = ((i0 + a1) <= M - 1 && (kx + a0) <= K - 1) ? A[i0*K + a1*K + kx + a0] : 0.0f;
// CHECK: B_next[q] = ((j0 + a0) <= N - 1 && (kx + a1) <= K - 1) ? B[kx*N + a1*N + j0 + a0] : 0.0f;
// CHECK: for (int kl = 0; kl < TSK; kl++) {
// CHECK: for (int wv = 0; wv < WPTM; wv += VW) {
// CHECK-NEXT: LT_VLOAD_float(&A_reg[wv], &A_tile[kl][(wv / VW) * (VW * (TSM / WPTM)) + ty * VW + wv % VW]);
// CHECK: for (int wv = 0; wv < WPTN; wv += VW) {
// CHECK-NEXT: LT_VLOAD_float(&B_reg[wv], &B_tile[kl][(wv / VW) * (VW * (TSN / WPTN)) + tx * VW + wv % VW]);
// CHECK: #pragma unroll
// CHECK-NEXT: for (int wm = 0; wm < WPTM; wm++) {
// CHECK: #pragma unroll
// CHECK-NEXT: for (int wn = 0; wn < WPTN; wn++) {
// CHECK: tmp[wm][wn] += A_reg[wm] * B_reg[wn];
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // done with the tiles
// CHECK: C[i*N + j] = tmp[wm][wn];

// The manifest lists candidate values and shape presets, from the generated
// tile (reduction step 8) down to one output per work-item (reduction step
// = the tile edge):
// JSON: {"name": "VW", "default": 2, "min": 1, "max": 4, "values": [1, 2, 4]
// JSON: {"name": "WPTM", "default": 4, "min": 1, "max": 16, "multiple_of": "VW"
// JSON: "presets": [
// JSON-NEXT: {"name": "64x32", "set": {"VW": 2, "WPTM": 4, "WPTN": 2, "TSM": 64, "TSN": 32, "TSK": 8}},
// JSON-NEXT: {"name": "32x16", "set": {"VW": 1, "WPTM": 2, "WPTN": 1, "TSM": 32, "TSN": 16, "TSK": 16}}
// JSON-NEXT: ],
// R8: {"name": "VW", "default": 4,
// R8: "presets": [
// R8-NEXT: {"name": "128x128", "set": {"VW": 4, "WPTM": 8, "WPTN": 8, "TSM": 128, "TSN": 128, "TSK": 8}},
// R8-NEXT: {"name": "64x64", "set": {"VW": 4, "WPTM": 4, "WPTN": 4, "TSM": 64, "TSN": 64, "TSK": 16}},
// R8-NEXT: {"name": "32x32", "set": {"VW": 2, "WPTM": 2, "WPTN": 2, "TSM": 32, "TSN": 32, "TSK": 16}},
// R8-NEXT: {"name": "16x16", "set": {"VW": 1, "WPTM": 1, "WPTN": 1, "TSM": 16, "TSN": 16, "TSK": 16}}
// R8-NEXT: ],
// R3: {"name": "VW", "default": 1,
// R3: "presets": [
// R3-NEXT: {"name": "24x24", "set": {"VW": 1, "WPTM": 3, "WPTN": 3, "TSM": 24, "TSN": 24, "TSK": 8}}
// R3-NEXT: ],
