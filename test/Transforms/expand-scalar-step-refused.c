// Illegal twin of expand-scalar-live-out-inner.c: with step 2 the last
// iteration of i is not N - 1 (for even N it is N - 2), so copying t_x[N - 1]
// out would read an element no iteration wrote. Expansion needs step 1; t
// then keeps its loop-carried dependences and i holds one cycle.
// RUN: not %looptile %s --expand t:i 2>&1 | FileCheck %s --check-prefix=EXPAND
// RUN: not %looptile %s --distribute i 2>&1 | FileCheck %s --check-prefix=DIST
void strided(int N, const float B[N], float A[N], float C[N], float D[N]) {
  for (int o = 0; o < N; o++) {
    float t = 0.0f;
    for (int i = 0; i < N; i += 2) {
      t = B[i] * 2.0f;
      A[i] = t;
      D[i] = t + 1.0f;
    }
    C[o] = t;
  }
}
// EXPAND: expand-scalar-step-refused.c:10:5: error: cannot expand 't': loop 'i' has step 2 (expansion needs step 1)
// EXPAND: looptile: error: --expand t:i refused; nothing was emitted
// DIST: expand-scalar-step-refused.c:10:5: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle
// DIST: looptile: error: --distribute i refused; nothing was emitted
