// Illegal twin of tile-triangular.c: in this triangular band A[i][j] reads
// A[i - 1][j + 1], a flow dependence with direction (<, >): the band is not
// fully permutable (a tile order would run the sink's tile before the
// source's), so tiling is refused whatever the bounds.
// RUN: not %looptile %s --tile 4 2>&1 | FileCheck %s
// A band whose bounds would need a division to recompute (j < 2 * i) is
// refused too, as structural:
// RUN: not %looptile %S/Inputs/tile_triangular_division.c --tile 4 2>&1 | FileCheck %s --check-prefix=DIV
void skew(int N, float A[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = A[i - 1][j + 1] * 0.5f;
}
// CHECK: tile-triangular-refused.c:10:3: error: cannot tile loops i,j: the band is not fully permutable; flow dependence S0 -> S0 on 'A' has direction (<, >) with '>' at loop 'j'
// CHECK: tile-triangular-refused.c:12:7: note: source access 'A[i][j]' in S0
// CHECK: tile-triangular-refused.c:12:17: note: sink access 'A[i - 1][j + 1]' in S0
// CHECK: looptile: error: --tile 4 refused; nothing was emitted
// DIV: tile_triangular_division.c:3:3: error: cannot tile loops i,j: the bounds give 'i' the coefficient 2, which would need a division
// DIV: looptile: error: --tile 4 refused; nothing was emitted
