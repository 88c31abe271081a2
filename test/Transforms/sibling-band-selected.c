// Legal (twin of sibling-band-selected-refused.c): the band j:5, k:6 of
// Inputs/sibling_bands.c has only the dependence S0 -> S0 (=, =, =) on A, so
// interchanging or tiling it is legal. Its sibling band j:8, k:9 reuses the
// names j and k and carries (=, <, >) on B; that dependence is between
// statements of the sibling, whose loops are other loops, and must not refuse
// the request (issue 11, defect 13: bands are matched by loop, not by name).
// RUN: %looptile %S/Inputs/sibling_bands.c --interchange j:5,k:6 | FileCheck %s --check-prefix=INTERCHANGE
// RUN: %difftest %S/Inputs/sibling_bands.c -- --interchange j:5,k:6
// RUN: %looptile %S/Inputs/sibling_bands.c --order k:6,j:5 | FileCheck %s --check-prefix=INTERCHANGE
// RUN: %looptile %S/Inputs/sibling_bands.c --tile j:5=4,k:6=4 | FileCheck %s --check-prefix=TILE
// RUN: %difftest %S/Inputs/sibling_bands.c -- --tile j:5=4,k:6=4
// RUN: %difftest %S/Inputs/sibling_bands.c -- --tile j:5=3,k:6=16
// INTERCHANGE:      for (int i = 0; i < N; i++) {
// INTERCHANGE-NEXT:   for (int k = 0; k < N; k++) {
// INTERCHANGE-NEXT:     for (int j = 0; j < N; j++) {
// INTERCHANGE-NEXT:       A[i][j][k] = A[i][j][k] * 0.5f + B[i][k][j];
// INTERCHANGE:        for (int j = 1; j < N; j++) {
// INTERCHANGE-NEXT:     for (int k = 0; k < N - 1; k++) {
// INTERCHANGE-NEXT:       B[i][j][k] = B[i][j - 1][k + 1] + 1.0f;
// TILE:      for (int i = 0; i < N; i++) {
// TILE-NEXT:   for (int jj = 0; jj < N; jj += 4) {
// TILE-NEXT:     for (int kk = 0; kk < N; kk += 4) {
// TILE-NEXT:       for (int j = jj; j < MIN(jj + 4, N); j++) {
// TILE-NEXT:         for (int k = kk; k < MIN(kk + 4, N); k++) {
// TILE-NEXT:           A[i][j][k] = A[i][j][k] * 0.5f + B[i][k][j];
// TILE:        for (int j = 1; j < N; j++) {
// TILE-NEXT:     for (int k = 0; k < N - 1; k++) {
// TILE-NEXT:       B[i][j][k] = B[i][j - 1][k + 1] + 1.0f;
