// The transposition's vector path (tunable TVW, default 1: the scalar kernel
// as before): offered where the read has coefficient +1 on dimension 0's
// loop and the write +1 on dimension 1's, their other strides do not depend
// on the loops and the bounds are rectangular; taken at run time by the
// work-groups whose tile is inside the arrays and whose first flat indices
// and row strides are multiples of TVW. Values: run-transpose-vector-pocl.test.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/transpose.c --tile 32 -o %t/tr.cl
// RUN: FileCheck %s < %t/tr.cl
// RUN: FileCheck %s --check-prefix=JSON < %t/tr.json
// RUN: %looptile %s --tile 32 --function scaled -o %t/scaled.cl
// RUN: FileCheck %s --check-prefix=SCALED < %t/scaled.cl
// RUN: %looptile %s --tile 32 --function rev_write -o %t/rev_write.cl
// RUN: FileCheck %s --check-prefix=REVW < %t/rev_write.cl
// RUN: %looptile %s --tile 32 --function rev_read -o %t/rev_read.cl --print-mapping | FileCheck %s --check-prefix=NOVEC
// RUN: FileCheck %s --check-prefix=NOVEC < %t/rev_read.cl
// RUN: FileCheck %s --check-prefix=NOVEC < %t/rev_read.json
// A triangular nest gets no transpose kernel (triangular-transpose.test).
// RUN: %looptile %s --tile 32 --function tri -o %t/tri.cl --print-mapping | FileCheck %s --check-prefix=TRI
// TRI: kernel tri: naive

// CHECK: #ifndef TVW
// CHECK-NEXT: #define TVW 1
// CHECK: #ifndef TPW
// CHECK-NEXT: #define TPW 1
// CHECK: __local float tile[TS][TS + 1];
// The work-group's TPW tiles along dimension 1, one after the other:
// CHECK: for (int t = 0; t < TPW; ++t) {
// CHECK-NEXT: const int i0 = ((int)get_group_id(1) * TPW + t) * TS;
// CHECK-NEXT: #if (TVW == 2 || TVW == 4) && TS % (TSR * TVW) == 0
// The whole tile inside, A's and B's first elements and row strides aligned:
// CHECK-NEXT: // Interior and aligned
// CHECK-NEXT: const bool vec = (j0 + TS - 1) <= width - 1 && (i0 + TS - 1) <= height - 1 && (((i0*width + j0) | (width) | (j0*height + i0) | (height)) & (TVW - 1)) == 0;
// CHECK-NEXT: const int q = l0 + TS * l1, pw = TS % 32 == 0 ? 32 : TS, lanes = pw / TVW;
// CHECK-NEXT: #endif
// CHECK-NEXT: #if (TVW == 2 || TVW == 4) && TS % (TSR * TVW) == 0
// CHECK-NEXT: if (vec) {
// CHECK: for (int p = 0; p < TS / (TSR * TVW); ++p) {
// CHECK-NEXT: const int s = p * (TS * TSR / lanes) + q / lanes;
// CHECK-NEXT: const int l = s % TS, c = s / TS * pw + q % lanes * TVW;
// CHECK-NEXT: const int j = j0 + c, i = i0 + l;
// One vector load of A's row, stored into row l of the tile:
// CHECK-NEXT: LT_CAT(vstore, TVW)(*(__global const LT_CAT(float, TVW) *)&A[i*width + j], 0, &tile[l][c]);
// CHECK: else
// CHECK-NEXT: #endif
// The scalar read (edge and unaligned tiles, TVW = 1) as before:
// CHECK: for (int r = 0; r < TS; r += TSR) {
// CHECK: tile[l1 + r][l0] = A[i*width + j];
// Every barrier outside the branches:
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE);
// CHECK-NEXT: #if (TVW == 2 || TVW == 4) && TS % (TSR * TVW) == 0
// CHECK-NEXT: if (vec) {
// CHECK: for (int p = 0; p < TS / (TSR * TVW); ++p) {
// CHECK: float o[TVW];
// CHECK: for (int k = 0; k < TVW; ++k) {
// Element k of the stored vector is row c + k of column l of the tile:
// CHECK-NEXT: o[k] = tile[c + k][l];
// CHECK: const int j = j0 + l, i = i0 + c;
// One vector store into B's row j:
// CHECK: *(__global LT_CAT(float, TVW) *)&B[j*height + i] = (LT_CAT(float, TVW))(o[0], o[1], o[2], o[3]);
// CHECK: else
// CHECK-NEXT: #endif
// CHECK: for (int r = 0; r < TS; r += TSR) {
// CHECK: B[j*height + i] = tile[l0][l1 + r];
// The next tile overwrites the local tile only after every work-item read it:
// CHECK: #if TPW > 1
// CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE);
// CHECK-NEXT: #endif
// CHECK-NEXT: }
// CHECK-NEXT: }

// JSON: {"name": "TS", "default": 32, "min": 1, "max": 64, "multiple_of": "TSR*TVW", "values": [8, 16, 32, 64]
// JSON: {"name": "TVW", "default": 1, "min": 1, "max": 4, "values": [1, 2, 4]
// JSON: {"name": "TPW", "default": 1, "min": 1, "max": 64, "values": [1, 2, 4]
// JSON: "global": ["round_up(width, TS)", "ceil_div(height, TS * TPW) * TSR"]

// The value of each element is computed from its own i and j (defined only
// where used), converted to B's type as the C assignment does.
// SCALED: double o[TVW];
// SCALED: for (int k = 0; k < TVW; ++k) {
// SCALED-NEXT: const int j = j0 + l;
// SCALED-NEXT: const int i = i0 + c + k;
// SCALED-NEXT: o[k] = (double)tile[c + k][l] * 2.0 + (double)i - (double)j;
// SCALED: *(__global LT_CAT(double, TVW) *)&B[j*h + i] = (LT_CAT(double, TVW))(o[0], o[1]);
void scaled(int h, int w, const float A[h][w], double B[w][h]) {
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      B[j][i] = A[i][j] * 2.0 + i - j;
}

// The write's rows run backwards (stride -h): the alignment test takes the
// stride as it is.
// REVW: (((i0*w + j0) | (w) | (w*h - h - j0*h + i0) | (-h)) & (TVW - 1)) == 0
// REVW: *(__global LT_CAT(float, TVW) *)&B[(w - 1 - j)*h + i] =
void rev_write(int h, int w, const float A[h][w], float B[w][h]) {
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      B[w - 1 - j][i] = A[i][j];
}

// No vector path (TPW still offered): the read runs backwards along j
// (coefficient -1, so TVW consecutive elements of the tile's row are not
// one vector in A).
// NOVEC-NOT: TVW
// NOVEC: TPW
// NOVEC-NOT: TVW
void rev_read(int h, int w, const float A[h][w], float B[w][h]) {
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      B[j][i] = A[i][w - 1 - j];
}

void tri(int n, const float A[n][n], float B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      B[j][i] = A[i][j];
}
