// The lecture's "Eliminating WAW Dependencies" example
// (examples/waw_privatization.c). Memory-based dependences on the local array
// A: output S0 -> S0 (<, =), flow S0 -> S1 (<) and (=), anti S1 -> S0 (<);
// they make i sequential and {S0, S1} one cycle. But A is fully written by
// loop j before loop k reads it in every iteration of i: every read A[k]
// (1 <= k <= M - 1) is preceded in the same iteration by the write A[j] with
// j = k (0 <= j <= M - 1). So each iteration can have its own copy: --expand A
// gives A_x[N][M] (the lecture's `float A[N][M]` for OpenCL), the
// dependences on A become '=' at i, and i is parallel. A is local and not read
// after the loop, so nothing is copied out and A itself disappears.
// (test/CodeGen/run-waw-privatization.test maps the parallel i loops to
// work-items.)
// RUN: %looptile %s --expand A | FileCheck %s --check-prefix=EXPAND
// RUN: %difftest %s -- --expand A
// Distributed after the expansion: the A_x loop first (flow S0 -> S1 on A_x,
// (=)), two nests whose i loops are parallel.
// RUN: %looptile %s --expand A --distribute i | FileCheck %s --check-prefix=DIST
// RUN: %difftest %s -- --expand A --distribute i
// Strip-mining is always legal (it does not change the execution order):
// RUN: %looptile %s --strip-mine i=4 | FileCheck %s --check-prefix=STRIP
// RUN: %difftest %s -- --strip-mine i=4
// The illegal twins are waw-privatization-refused.c (a read that may see an
// earlier iteration's value) and expand-array-uncovered-refused.c (a read no
// write covers).
void waw_privatization(int N, int M, float X[N][M]) {
  float A[M];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      A[j] = (float)((4 * i + 4 * j) % M);
    for (int k = 1; k < M; k++)
      X[i][k] = X[i][k - 1] * A[k];
  }
}
// EXPAND-NOT: error
// EXPAND-NOT: float A[
// EXPAND:        float (*A_x)[MAX(M, 1)] = __builtin_malloc(sizeof(float) * MAX(N, 1) * MAX(M, 1));
// EXPAND-NEXT:   for (int i = 0; i < N; i++) {
// EXPAND-NEXT:     for (int j = 0; j < M; j++) {
// EXPAND-NEXT:       A_x[i][j] = (float)((4 * i + 4 * j) % M);
// EXPAND-NEXT:     }
// EXPAND-NEXT:     for (int k = 1; k < M; k++) {
// EXPAND-NEXT:       X[i][k] = X[i][k - 1] * A_x[i][k];
// EXPAND-NEXT:     }
// EXPAND-NEXT:   }
// EXPAND-NEXT:   __builtin_free(A_x);
// EXPAND-NEXT: }
// DIST-NOT: error
// DIST:        float (*A_x)[MAX(M, 1)] = __builtin_malloc(sizeof(float) * MAX(N, 1) * MAX(M, 1));
// DIST-NEXT:   for (int i = 0; i < N; i++) {
// DIST-NEXT:     for (int j = 0; j < M; j++) {
// DIST-NEXT:       A_x[i][j] = (float)((4 * i + 4 * j) % M);
// DIST-NEXT:     }
// DIST-NEXT:   }
// DIST-NEXT:   for (int i = 0; i < N; i++) {
// DIST-NEXT:     for (int k = 1; k < M; k++) {
// DIST-NEXT:       X[i][k] = X[i][k - 1] * A_x[i][k];
// DIST-NEXT:     }
// DIST-NEXT:   }
// STRIP-NOT: error
// STRIP:        float (*A) = __builtin_malloc(sizeof(float) * MAX(M, 1));
// STRIP-NEXT:   for (int ii = 0; ii < N; ii += 4) {
// STRIP-NEXT:     for (int i = ii; i < MIN(ii + 4, N); i++) {
// STRIP-NEXT:       for (int j = 0; j < M; j++) {
// STRIP-NEXT:         A[j] = (float)((4 * i + 4 * j) % M);
// STRIP-NEXT:       }
// STRIP-NEXT:       for (int k = 1; k < M; k++) {
// STRIP-NEXT:         X[i][k] = X[i][k - 1] * A[k];
