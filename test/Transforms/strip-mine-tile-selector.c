// A loop selected by NAME:LINE (one of two loops named `i`) is strip-mined
// or tiled with a tile loop named after its variable (`ii`), not after the
// selector (`i:6i:6` did not compile). The other `i` loop is untouched. The
// C compiles and computes bit-identical results (difftest).
// RUN: %looptile %s --strip-mine i:18=4 | FileCheck %s --check-prefix=STRIP
// RUN: %looptile %s --tile i:18=4 | FileCheck %s --check-prefix=TILE1
// RUN: %looptile %s --tile i:18=4,j:19=3 | FileCheck %s --check-prefix=TILE2
// RUN: %looptile %s --strip-mine i:16=2,i:18=4 | FileCheck %s --check-prefix=BOTH
// RUN: %difftest %s -- --strip-mine i:18=4
// RUN: %difftest %s -- --tile i:18=4
// RUN: %difftest %s -- --tile i:18=4,j:19=3
// RUN: %difftest %s -- --strip-mine i:16=2,i:18=4
// RUN: %looptile %s --strip-mine i:18=4 | not grep ':[0-9]'

void selector(int N, float A[N][N], float B[N]) {
  for (int i = 0; i < N; i++)
    B[i] = B[i] * 0.5f;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i][j] + B[i];
}
// STRIP:      for (int i = 0; i < N; i++) {
// STRIP-NEXT:   B[i] = B[i] * 0.5f;
// STRIP:      for (int ii = 0; ii < N; ii += 4) {
// STRIP-NEXT:   for (int i = ii; i < MIN(ii + 4, N); i++) {
// STRIP-NEXT:     for (int j = 0; j < N; j++) {
// TILE1:      for (int ii = 0; ii < N; ii += 4) {
// TILE1-NEXT:   for (int i = ii; i < MIN(ii + 4, N); i++) {
// TILE2:      for (int ii = 0; ii < N; ii += 4) {
// TILE2-NEXT:   for (int jj = 0; jj < N; jj += 3) {
// TILE2-NEXT:     for (int i = ii; i < MIN(ii + 4, N); i++) {
// TILE2-NEXT:       for (int j = jj; j < MIN(jj + 3, N); j++) {
// BOTH:      for (int ii = 0; ii < N; ii += 2) {
// BOTH-NEXT:   for (int i = ii; i < MIN(ii + 2, N); i++) {
// BOTH:      for (int ii_2 = 0; ii_2 < N; ii_2 += 4) {
// BOTH-NEXT:   for (int i = ii_2; i < MIN(ii_2 + 4, N); i++) {
