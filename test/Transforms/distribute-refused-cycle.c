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
// The refusal names the dependences of the cycle, each with its direction
// vector and notes at its source and sink accesses (A[i] written by S0 is
// read as A[i - 1] by S1 one iteration later; B[i] written by S1 is read as
// B[i - 1] by S0 one iteration later).
// CHECK:      distribute-refused-cycle.c:6:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle: flow dependence S0 -> S1 on 'A' with direction (<), flow dependence S1 -> S0 on 'B' with direction (<)
// CHECK-NEXT:   for (int i = 1; i < N; i++) {
// CHECK-NEXT:   ^
// CHECK-NEXT: distribute-refused-cycle.c:7:5: note: flow dependence S0 -> S1 on 'A' (<): source access 'A[i]' in S0
// CHECK:      distribute-refused-cycle.c:8:12: note: flow dependence S0 -> S1 on 'A' (<): sink access 'A[i - 1]' in S1
// CHECK:      distribute-refused-cycle.c:8:5: note: flow dependence S1 -> S0 on 'B' (<): source access 'B[i]' in S1
// CHECK:      distribute-refused-cycle.c:7:12: note: flow dependence S1 -> S0 on 'B' (<): sink access 'B[i - 1]' in S0
// CHECK-NOT:  note:
// CHECK:      looptile: error: --distribute i refused; nothing was emitted
// CHECK-NOT: void dist
