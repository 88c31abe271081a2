// Legal: tiling triangular bands. Every dependence here is '=' at i and j
// (each element is read and written by its own iteration), so the bands are
// fully permutable and tiling is legal (tiling theorem, docs/transforms.md)
// whatever the shape of the iteration space. The loops' bounds depend on
// each other, so the tile loops (ii, jj) get bounds from Fourier-Motzkin
// elimination of i and j: for j <= i, jj only goes up to the tile's last i
// (jj < MIN(N, ii + 4)); the point loops clip the tile to the triangle
// (j < MIN(jj + 4, i + 1)). For the upper triangle j >= i, jj >= ii - 3 on
// the same grid of 4 rounds up to jj starting at ii, and the point loop
// starts at MAX(jj, i).
// The differential runs compare with the original at N = 1, 2, 7, 16, 17,
// 33 and around every tile size (T - 1, T, T + 1, 2T + 3), bit for bit.
// RUN: %looptile %examples/triangular.c --tile 4 | FileCheck %s --check-prefix=LOWER
// RUN: %difftest %examples/triangular.c -- --tile 4
// RUN: %difftest %examples/triangular.c -- --tile 16
// RUN: %difftest %examples/triangular.c -- --tile i=3,j=5
// RUN: %looptile %s --tile 4 | FileCheck %s --check-prefix=UPPER
// RUN: %difftest %s -- --tile 4
// RUN: %difftest %s -- --tile 16
// RUN: %difftest %s -- --tile i=8,j=2
// A 3-deep band (k between j and i) and a banded one (max/min bounds):
// RUN: %looptile %S/Inputs/tile_triangular_3d.c --tile 4 | FileCheck %s --check-prefix=DEEP
// RUN: %difftest %S/Inputs/tile_triangular_3d.c -- --tile 4
// RUN: %difftest %S/Inputs/tile_triangular_3d.c -- --tile i=2,j=3,k=5
// RUN: %difftest %S/Inputs/tile_banded.c -- --tile 4
// RUN: %difftest %S/Inputs/tile_banded.c -- --tile 16
void upper(int N, const float B[N][N], float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++)
      A[i][j] = A[i][j] * 0.5f + B[j][i];
}
// LOWER-NOT: error
// LOWER:        for (int ii = 0; ii < N; ii += 4) {
// LOWER-NEXT:     for (int jj = 0; jj < MIN(N, ii + 4); jj += 4) {
// LOWER-NEXT:       for (int i = ii; i < MIN(ii + 4, N); i++) {
// LOWER-NEXT:         for (int j = jj; j < MIN(jj + 4, i + 1); j++) {
// LOWER-NEXT:           A[i][j] = A[i][j] * 0.5f + B[j][i];
// UPPER-NOT: error
// UPPER:        for (int ii = 0; ii < N; ii += 4) {
// UPPER-NEXT:     for (int jj = ii; jj < N; jj += 4) {
// UPPER-NEXT:       for (int i = ii; i < MIN(ii + 4, N); i++) {
// UPPER-NEXT:         for (int j = MAX(jj, i); j < MIN(jj + 4, N); j++) {
// UPPER-NEXT:           A[i][j] = A[i][j] * 0.5f + B[j][i];
// DEEP-NOT: error
// DEEP:        for (int ii = 0; ii < N; ii += 4) {
// DEEP-NEXT:     for (int jj = 0; jj < MIN(N, ii + 4); jj += 4) {
// DEEP-NEXT:       for (int kk = jj; kk < MIN(N, ii + 4); kk += 4) {
// DEEP-NEXT:         for (int i = ii; i < MIN(ii + 4, N); i++) {
// DEEP-NEXT:           for (int j = jj; j < MIN(jj + 4, i + 1); j++) {
// DEEP-NEXT:             for (int k = MAX(kk, j); k < MIN(kk + 4, i + 1); k++) {
