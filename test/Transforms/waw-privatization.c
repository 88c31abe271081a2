// The lecture's "Eliminating WAW Dependencies" example (examples/waw_privatization.c).
// Memory-based dependences on the local array A: output S0 -> S0 (<, =),
// flow S0 -> S1 (<) and (=), anti S1 -> S0 (<); they make i sequential and
// {S0, S1} one cycle. A is fully written by loop j before loop k reads it in
// every iteration of i, so privatizing/expanding A (to A[N][M]) would remove
// the (<) entries and make i parallel, but looptile only expands scalars:
// --expand A is refused (a missing feature, not an illegal request), and so is
// --distribute i (the cycle through A remains).
// Strip-mining is always legal (it does not change the execution order):
// RUN: %looptile %examples/waw_privatization.c --strip-mine i=4 | FileCheck %s
// RUN: %difftest %examples/waw_privatization.c -- --strip-mine i=4
// RUN: not %looptile %examples/waw_privatization.c --expand A 2>&1 | FileCheck %s --check-prefix=EXPAND
// RUN: not %looptile %examples/waw_privatization.c --distribute i 2>&1 | FileCheck %s --check-prefix=DIST
// CHECK-NOT: error
// CHECK:        float A[MAX(M, 1)];
// CHECK-NEXT:   for (int ii = 0; ii < N; ii += 4) {
// CHECK-NEXT:     for (int i = ii; i < MIN(ii + 4, N); i++) {
// CHECK-NEXT:       for (int j = 0; j < M; j++) {
// CHECK-NEXT:         A[j] = (float)((4 * i + 4 * j) % M);
// CHECK-NEXT:       }
// CHECK-NEXT:       for (int k = 1; k < M; k++) {
// CHECK-NEXT:         X[i][k] = X[i][k - 1] * A[k];
// EXPAND: waw_privatization.c:7:9: error: --expand A: 'A' is not a local scalar of function 'waw_privatization'
// EXPAND: looptile: error: --expand A refused; nothing was emitted
// DIST: waw_privatization.c:8:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle (e.g. flow dependence S0 -> S1 on 'A')
// DIST: looptile: error: --distribute i refused; nothing was emitted
