// Legal: lecture 04, block-tiled matrix multiplication. Dependences of the
// (i, j, k) nest: on tmp only, (=, =, <) and (=, =, =); every entry is '=' or
// '<', so the band is fully permutable and tiling (strip-mine every loop,
// then interchange i and jj) is legal. Partial tiles use MIN bounds.
// RUN: %looptile %examples/mmm.c --tile 16 | FileCheck %s
// RUN: %difftest %examples/mmm.c -- --tile 16
// RUN: %looptile %examples/mmm.c --tile i=32,j=32,k=8 | FileCheck %s --check-prefix=IJK
// RUN: %difftest %examples/mmm.c -- --tile i=32,j=32,k=8
// RUN: %looptile %examples/mmm_linearized.c --tile i=16,j=8 | FileCheck %s --check-prefix=LIN
// RUN: %difftest %examples/mmm_linearized.c -- --tile i=16,j=8
// CHECK-NOT: error
// CHECK:      #define MIN(a, b) ((a) < (b) ? (a) : (b))
// CHECK:      void mmm(
// CHECK-NEXT:   for (int ii = 0; ii < M; ii += 16) {
// CHECK-NEXT:     for (int jj = 0; jj < N; jj += 16) {
// CHECK-NEXT:       for (int i = ii; i < MIN(ii + 16, M); i++) {
// CHECK-NEXT:         for (int j = jj; j < MIN(jj + 16, N); j++) {
// CHECK-NEXT:           float tmp = 0.0f;
// CHECK-NEXT:           for (int k = 0; k < K; k++) {
// CHECK-NEXT:             tmp += A[i][k] * B[k][j];
// CHECK-NEXT:           }
// CHECK-NEXT:           C[i][j] = tmp;
// IJK-NOT: error
// IJK:      void mmm(
// IJK-NEXT:   for (int ii = 0; ii < M; ii += 32) {
// IJK-NEXT:     for (int jj = 0; jj < N; jj += 32) {
// IJK-NEXT:       for (int i = ii; i < MIN(ii + 32, M); i++) {
// IJK-NEXT:         for (int j = jj; j < MIN(jj + 32, N); j++) {
// IJK-NEXT:           float tmp = 0.0f;
// IJK-NEXT:           for (int kk = 0; kk < K; kk += 8) {
// IJK-NEXT:             for (int k = kk; k < MIN(kk + 8, K); k++) {
// IJK-NEXT:               tmp += A[i][k] * B[k][j];
// IJK-NEXT:             }
// IJK-NEXT:           }
// IJK-NEXT:           C[i][j] = tmp;
// LIN:        for (int ii = 0; ii < M; ii += 16) {
// LIN-NEXT:     for (int jj = 0; jj < N; jj += 8) {
// LIN-NEXT:       for (int i = ii; i < MIN(ii + 16, M); i++) {
// LIN-NEXT:         for (int j = jj; j < MIN(jj + 8, N); j++) {
