// Illegal (twin of distribute-order.c): S1 -> S0 flow on B (<) and S0 -> S1
// flow on A (<) form one cycle, a single SCC; statements of one SCC must stay
// in one loop, so there is nothing to distribute and the request is refused.
// RUN: not %looptile %s --distribute i 2>&1 | FileCheck %s
void dist(int N, float A[N], float B[N]) {
  for (int i = 1; i < N; i++) {
    A[i] = B[i - 1];
    B[i] = A[i - 1] * 2.0f;
  }
}
// CHECK: distribute-refused-cycle.c:6:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle (e.g. flow dependence {{S0 -> S1 on 'A'|S1 -> S0 on 'B'}})
// CHECK: looptile: error: --distribute i refused; nothing was emitted
// CHECK-NOT: void dist
