// Illegal twin of distribute-declared-scalar-step2.c: the dependences alone
// (flow S0 -> S1 on t, direction (=); nothing carried, t is fresh in every
// iteration) would put the declaration of t and its use in two loops, but t
// cannot be expanded along i (step 2), so they stay together, and that is
// the whole body: refused, naming the scalar and why it cannot be expanded.
// RUN: not %looptile %s --distribute 2>&1 | FileCheck %s
void together(int N, const int A[N], int B[N]) {
  for (int i = 0; i < N; i += 2) {
    int t = A[i];
    B[i] = t + 1;
  }
}
// CHECK: distribute-declared-scalar-refused.c:8:3: error: cannot distribute loop 'i': the scalar 't' declared in it is used by statements that would go to different loops, and keeping them together leaves one loop
// CHECK: distribute-declared-scalar-refused.c:9:9: note: 't' cannot be expanded along 'i': loop 'i' has step 2 (expansion needs step 1)
// CHECK: looptile: error: --distribute refused; nothing was emitted
