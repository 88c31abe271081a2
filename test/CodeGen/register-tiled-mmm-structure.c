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
// Doubles: 2*16*(128+4 + 128)*8 = 66560 and 2*16*(128+4 + 64)*8 = 50176
// bytes exceed 48 KiB, so the two largest presets step by 8; 64x64 takes
// 2*16*(64+4 + 64)*8 = 33792 and steps by 16.
// RUN: sed 's/float/double/g' %examples/mmm.c > %t/dmmm.c
// RUN: %looptile %t/dmmm.c --tile 16 --register-tile 8 -o %t/d8.cl
// RUN: FileCheck %s --check-prefix=D8 < %t/d8.json
// D8: "presets": [
// D8-NEXT: {"name": "128x128", "set": {"VW": 4, "WPTM": 8, "WPTN": 8, "TSM": 128, "TSN": 128, "TSK": 8}},
// D8-NEXT: {"name": "128x64", "set": {"VW": 4, "WPTM": 8, "WPTN": 4, "TSM": 128, "TSN": 64, "TSK": 8}},
// D8-NEXT: {"name": "64x64", "set": {"VW": 4, "WPTM": 4, "WPTN": 4, "TSM": 64, "TSN": 64, "TSK": 16}},
// RUN: %looptile %examples/mmm.c --tile 8 --register-tile 3 -o %t/r3.cl
// RUN: FileCheck %s --check-prefix=R3 < %t/r3.json

// MAP: kernel mmm: register-tiled, nest at {{.*}}:7
// The warp tiles (4 x 8 work-items) are offered, not the default:
// MAP: warp tiles: 4 x 8 work-items (WTM x WTN), offered; the default 0 x 0 is one grid over the tile
// MAP-NEXT: interior loop: SPLIT, offered; the default 0 is the general loop only
// MAP: work-group: TSN / WPTN x TSM / WPTM (VW = 2, WPTM = 4, WPTN = 2, TSM = 64, TSN = 32, TSK = 8, NBUF = 2, GM = 1, WTM = 0, WTN = 0, SPLIT = 0)
// A is fast along k, so its tile is transposed and padded by VW; both
// tiles are double-buffered (NBUF = 2):
// 2*8*(64+2)*4 + 2*8*32*4 bytes (TSK defaults to min(tile, 8)).
// MAP: local memory per work-group: NBUF*TSK*(TSM + VW)*4 + NBUF*TSK*(TSN)*4 = 6272 bytes
// MAP: outputs per work-item: WPTM*WPTN

// CHECK: #define LT_GV(n) ((n) % 4 == 0 ? 4 : 1)
// CHECK: #define LT_VLOAD_float(dst, src) (*(dst) = *(src))
// CHECK: #define LT_VLOAD_float(dst, src) LT_CAT(vstore, VW)(*(__local const LT_CAT(float, VW) *)(src), 0, (dst))
// CHECK: __kernel __attribute__((reqd_work_group_size(TSN / WPTN, TSM / WPTM, 1))) void mmm(
// The work-items' first outputs (px, py) and the work-items between their
// pieces (lx, ly): warp tiles of WTM x WTN consecutive work-items where
// both are set and divide the work-group's sides, else one grid over the
// tile.
// CHECK: const int tid = ty * (TSN / WPTN) + tx;
// CHECK: #if WTM > 0 && WTN > 0 && (TSM / WPTM) % (WTM > 0 ? WTM : 1) == 0 && (TSN / WPTN) % (WTN > 0 ? WTN : 1) == 0
// CHECK-NEXT: // Warp tiles: work-item lane of warp tile warp.
// CHECK-NEXT: const int lane = tid % (WTM * WTN), warp = tid / (WTM * WTN);
// CHECK-NEXT: const int lx = WTN, ly = WTM;
// CHECK-NEXT: const int px = warp % ((TSN / WPTN) / WTN) * (WTN * WPTN) + lane % WTN * VW;
// CHECK-NEXT: const int py = warp / ((TSN / WPTN) / WTN) * (WTM * WPTM) + lane / WTN * VW;
// CHECK-NEXT: #else
// CHECK-NEXT: // One grid over the whole tile.
// CHECK-NEXT: const int lx = (TSN / WPTN), ly = (TSM / WPTM);
// CHECK-NEXT: const int px = tx * VW, py = ty * VW;
// CHECK-NEXT: #endif
// Launch order: bands of GM rows of work-groups, a bijection of the grid.
// CHECK: const int gid = (int)get_group_id(1) * (int)get_num_groups(0) + (int)get_group_id(0);
// CHECK-NEXT: const int gband = gid / (GM * (int)get_num_groups(0)) * GM;
// CHECK-NEXT: const int grows = min((int)get_num_groups(1) - gband, GM);
// CHECK-NEXT: const int g1 = gband + gid % (GM * (int)get_num_groups(0)) % grows;
// CHECK-NEXT: const int g0 = gid % (GM * (int)get_num_groups(0)) / grows;
// CHECK-NEXT: const int j0 = g0 * TSN;
// CHECK-NEXT: const int i0 = g1 * TSM;
// CHECK: const bool full = (j0 + TSN - 1) <= N - 1 && (i0 + TSM - 1) <= M - 1;
// CHECK: __local float A_tile[NBUF][TSK][TSM + VW] __attribute__((aligned(VW * sizeof(float))));
// CHECK: float A_reg[WPTM];
// CHECK: __local float B_tile[NBUF][TSK][TSN] __attribute__((aligned(VW * sizeof(float))));
// CHECK: float B_reg[WPTN];
// CHECK: float tmp[WPTM][WPTN];
// Interior work-groups initialise without range checks, edge ones with:
// CHECK: if (full) {
// CHECK: tmp[wm][wn] = 0.0f;
// CHECK: else {
// Outputs in groups of VW, neighbouring work-items' groups adjacent:
// CHECK: const int i = i0 + (wm / VW) * (VW * ly) + py + wm % VW;
// CHECK: const int j = j0 + (wn / VW) * (VW * lx) + px + wn % VW;
// CHECK: if (j <= N - 1 && i <= M - 1) {
// CHECK-NEXT: tmp[wm][wn] = 0.0f;
// Software pipelining: the first step's tiles are fetched into registers
// and stored before the loop; each step fetches the next step's while it
// computes. Fetches go in runs of LT_GV elements, one vector register per
// run; interior steps of interior work-groups fetch without checks, each
// run as one aligned vector load where the sizes align it (A: row stride
// K, B: row stride N), else element by element.
// CHECK: float4 A_next[((TSM) * (TSK) / LT_GV(TSK) + (TSN / WPTN) * (TSM / WPTM) - 1) / ((TSN / WPTN) * (TSM / WPTM))];
// CHECK: float4 B_next[((TSK) * (TSN) / LT_GV(TSN) + (TSN / WPTN) * (TSM / WPTM) - 1) / ((TSN / WPTN) * (TSM / WPTM))];
// CHECK: int cur = 0; // the local tiles this step reads
// CHECK: const int kk = 0; // the first step's tiles
// CHECK-NEXT: #if (TSK) % 4 == 0
// CHECK: if (full && (kk + TSK - 1) <= K - 1 && (((i0*K + kk) | (K)) & 3) == 0) {
// CHECK: for (int q = 0; q < ((TSM) * (TSK) / LT_GV(TSK) + nthreads - 1) / nthreads; q++) {
// CHECK-NEXT: const int e = tid + q * nthreads;
// CHECK-NEXT: if (e < (TSM) * (TSK) / LT_GV(TSK)) {
// CHECK-NEXT: const int a1 = e / ((TSK) / LT_GV(TSK)), av = e % ((TSK) / LT_GV(TSK)) * LT_GV(TSK);
// CHECK-NEXT: const int a0 = av;
// CHECK-NEXT: A_next[q] = *(__global const float4 *)(A + i0*K + a1*K + kk + a0);
// CHECK: else
// CHECK-NEXT: #endif
// CHECK-NEXT: if (full && (kk + TSK - 1) <= K - 1) {
// CHECK: const int a0 = av;
// CHECK-NEXT: A_next[q].s0 = A[i0*K + a1*K + kk + a0];
// CHECK: #if LT_GV(TSK) == 4
// CHECK: const int a0 = av + 3;
// CHECK-NEXT: A_next[q].s3 = A[i0*K + a1*K + kk + a0];
// CHECK: #endif
// Edge work-groups and the last, partial step: checked scalar loads.
// CHECK: else {
// CHECK: A_next[q].s0 = ((i0 + a1) <= M - 1 && (kk + a0) <= K - 1) ? A[i0*K + a1*K + kk + a0] : 0.0f;
// CHECK: if (full && (kk + TSK - 1) <= K - 1 && (((kk*N + j0) | (N)) & 3) == 0) {
// CHECK: B_next[q] = *(__global const float4 *)(B + kk*N + a1*N + j0 + a0);
// CHECK: B_next[q].s0 = ((j0 + a0) <= N - 1 && (kk + a1) <= K - 1) ? B[kk*N + a1*N + j0 + a0] : 0.0f;
// The copy of A reads along k (coalesced) and stores transposed.
// CHECK: A_tile[cur][a0][a1] = A_next[q].s0;
// CHECK: B_tile[cur][a1][a0] = B_next[q].s0;
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // the tiles are complete
// With SPLIT = 1, interior work-groups run the whole steps whose next step
// is whole in a loop of their own, with the unchecked fetches only (no
// range checks, no partial step); the general loop goes on from ks.
// CHECK-NEXT: #if SPLIT == 1
// CHECK-NEXT: int ks = 0;
// CHECK-NEXT: if (full) {
// CHECK-NEXT: // Interior: this step and the next are whole; fetches unchecked.
// CHECK-NEXT: for (; (ks + 2 * TSK - 1) <= K - 1; ks += TSK) {
// CHECK-NEXT: const int kk = ks, kx = ks + TSK;
// CHECK-NEXT: #if (TSK) % 4 == 0
// CHECK-NEXT: // Interior and aligned: every run of four is one vector load.
// CHECK-NEXT: if ((((i0*K + kx) | (K)) & 3) == 0) {
// CHECK-NOT: <= M - 1
// CHECK: for (int kl = 0; kl < TSK; kl++) {
// CHECK-NOT: <= M - 1
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // the next step's tiles are complete
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: #else
// CHECK-NEXT: const int ks = 0;
// CHECK-NEXT: #endif
// CHECK-NEXT: for (int kk = ks; kk <= K - 1; kk += TSK) {
// CHECK-NEXT: const int kx = kk + TSK;
// CHECK-NEXT: if (kx <= K - 1) {
// CHECK: A_next[q] = *(__global const float4 *)(A + i0*K + a1*K + kx + a0);
// CHECK: A_next[q].s0 = ((i0 + a1) <= M - 1 && (kx + a0) <= K - 1) ? A[i0*K + a1*K + kx + a0] : 0.0f;
// CHECK: B_next[q].s0 = ((j0 + a0) <= N - 1 && (kx + a1) <= K - 1) ? B[kx*N + a1*N + j0 + a0] : 0.0f;
// CHECK: for (int kl = 0; kl < TSK; kl++) {
// CHECK: for (int wv = 0; wv < WPTM; wv += VW) {
// CHECK-NEXT: LT_VLOAD_float(&A_reg[wv], &A_tile[cur][kl][(wv / VW) * (VW * ly) + py + wv % VW]);
// CHECK: for (int wv = 0; wv < WPTN; wv += VW) {
// CHECK-NEXT: LT_VLOAD_float(&B_reg[wv], &B_tile[cur][kl][(wv / VW) * (VW * lx) + px + wv % VW]);
// CHECK: #pragma unroll
// CHECK-NEXT: for (int wm = 0; wm < WPTM; wm++) {
// CHECK: #pragma unroll
// CHECK-NEXT: for (int wn = 0; wn < WPTN; wn++) {
// CHECK: tmp[wm][wn] += A_reg[wm] * B_reg[wn];
// After computing, the fetched registers go into the other buffer (with
// NBUF = 1, the only one, after a barrier); one barrier per step.
// CHECK: if (kx <= K - 1) {
// CHECK-NEXT: #if NBUF == 1
// CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE); // done with the only tiles
// CHECK-NEXT: #endif
// CHECK-NEXT: cur = (cur + 1) % NBUF;
// CHECK: A_tile[cur][a0][a1] = A_next[q].s0;
// CHECK: B_tile[cur][a1][a0] = B_next[q].s0;
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // the next step's tiles are complete
// CHECK: if (full) {
// CHECK: C[i*N + j] = tmp[wm][wn];
// CHECK: else {
// CHECK: if (j <= N - 1 && i <= M - 1) {
// CHECK-NEXT: C[i*N + j] = tmp[wm][wn];

// The manifest lists candidate values and shape presets, from the generated
// tile down to one output per work-item, with a reduction step of the tile
// edge while the double-buffered tiles fit in 48 KiB (else 8), and with
// 8 or more outputs per row a preset of half as many columns second:
// JSON: {"name": "VW", "default": 2, "min": 1, "max": 4, "values": [1, 2, 4]
// JSON: {"name": "WPTM", "default": 4, "min": 1, "max": 16, "multiple_of": "VW"
// JSON: "presets": [
// JSON-NEXT: {"name": "64x32", "set": {"VW": 2, "WPTM": 4, "WPTN": 2, "TSM": 64, "TSN": 32, "TSK": 16}},
// JSON-NEXT: {"name": "32x16", "set": {"VW": 1, "WPTM": 2, "WPTN": 1, "TSM": 32, "TSN": 16, "TSK": 16}}
// JSON-NEXT: ],
// R8: {"name": "VW", "default": 4,
// A single float contraction of 8 x 8 outputs on 16 x 16 work-items gets the
// tall 256 x 128 preset first (KernelPlan::TallPreset: 16 x 8 outputs, one
// local tile per operand, warp tiles, the interior loop, bands of 8); the
// same matmul in double does not (D8 below), nor a 4 x 2 block (JSON above).
// R8: "presets": [
// R8-NEXT: {"name": "256x128", "set": {"VW": 4, "WPTM": 16, "WPTN": 8, "TSM": 256, "TSN": 128, "TSK": 16, "NBUF": 1, "GM": 8, "WTM": 4, "WTN": 8, "SPLIT": 1}},
// R8-NEXT: {"name": "128x128", "set": {"VW": 4, "WPTM": 8, "WPTN": 8, "TSM": 128, "TSN": 128, "TSK": 16}},
// R8-NEXT: {"name": "128x64", "set": {"VW": 4, "WPTM": 8, "WPTN": 4, "TSM": 128, "TSN": 64, "TSK": 16}},
// R8-NEXT: {"name": "64x64", "set": {"VW": 4, "WPTM": 4, "WPTN": 4, "TSM": 64, "TSN": 64, "TSK": 16}},
// R8-NEXT: {"name": "32x32", "set": {"VW": 2, "WPTM": 2, "WPTN": 2, "TSM": 32, "TSN": 32, "TSK": 16}},
// R8-NEXT: {"name": "16x16", "set": {"VW": 1, "WPTM": 1, "WPTN": 1, "TSM": 16, "TSN": 16, "TSK": 16}}
// R8-NEXT: ],
// R3: {"name": "VW", "default": 1,
// R3: "presets": [
// R3-NEXT: {"name": "24x24", "set": {"VW": 1, "WPTM": 3, "WPTN": 3, "TSM": 24, "TSN": 24, "TSK": 8}}
// R3-NEXT: ],
