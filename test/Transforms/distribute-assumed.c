// Legal: the linearized subscripts delinearize (0 <= j <= N - 1), so every
// dependence is exact and goes from S0 to S1 within one iteration (flow on A,
// anti on B, both (=, =)): two components, distributed in text order.
// RUN: %looptile %s --distribute j | FileCheck %s
// RUN: %difftest %s -- --distribute j
// Illegal twin: A[j * N + i + 1] cannot be delinearized (i + 1 may reach N),
// so the analysis assumes dependences in both orders on A; distributing j
// needs them decided and is refused as "cannot prove", naming the pair.
// RUN: not %looptile %S/Inputs/distribute_assumed_refused.c --distribute j 2>&1 | FileCheck %s --check-prefix=REFUSED
void lin(int N, float *restrict A, float *restrict B) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = B[j];
      B[j] = A[i * N + j] + 1.0f;
    }
}
// CHECK-NOT: error
// CHECK:        for (int i = 0; i < N; i++) {
// CHECK-NEXT:     for (int j = 0; j < N; j++) {
// CHECK-NEXT:       A[i*N + j] = B[j];
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int j = 0; j < N; j++) {
// CHECK-NEXT:       B[j] = A[i*N + j] + 1.0f;
// REFUSED: distribute_assumed_refused.c:5:5: error: cannot prove it legal to distribute loop 'j': its body may be one dependence cycle: anti dependence S0 -> S1 on 'B' with direction (=, =), anti dependence S1 -> S0 on 'A' (assumed: it could not be decided)
// REFUSED: distribute_assumed_refused.c:7:14: note: anti dependence S1 -> S0 on 'A' (assumed): source access 'A[j*N + i + 1]' in S1
// REFUSED: distribute_assumed_refused.c:6:7: note: anti dependence S1 -> S0 on 'A' (assumed): sink access 'A[i*N + j]' in S0
// REFUSED: looptile: error: --distribute j refused; nothing was emitted
