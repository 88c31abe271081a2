// Illegal (twin of expand-tmp-distribute.c): s is read (s + A[i]) before it
// is written in each iteration: the flow dependence S1 -> S1 on s is carried
// by i (<), so s is not private and cannot be expanded; for the same reason
// distribution of i finds one cycle.
// RUN: not %looptile %s --expand s 2>&1 | FileCheck %s
// RUN: not %looptile %s --distribute 2>&1 | FileCheck %s --check-prefix=DIST
void carried(int N, const float A[N], float B[N]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++) {
    s = s + A[i];
    B[i] = s;
  }
}
// CHECK: expand-refused-carried.c:9:3: error: cannot expand 's': 's' is not private in loop 'i': some iteration reads a value written by another iteration (it is carried)
// CHECK: looptile: error: --expand s refused; nothing was emitted
// DIST: expand-refused-carried.c:9:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle
// DIST: looptile: error: --distribute refused; nothing was emitted
