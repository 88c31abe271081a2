// Should be refused: a conjunct that bounds the start side (i > 0 for an
// upward loop) ends the loop at once when the start value fails it, which no
// max(start, bound) lower bound expresses. In C this loop runs zero times.
// BUG: looptile prints `for i in [max(0, 1), N - 1]` (iterations 1..N-1) and
// exits 0; see the Frontend report. Remove the XFAIL once it is refused.
// XFAIL: *
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  // CHECK: error-condition-start-side.c:[[@LINE+1]]:{{[0-9]+}}: error:
  for (int i = 0; i < N && i > 0; i++)
    A[i] = 1.0f;
}
