// Should be refused: an unsigned loop variable wraps around instead of going
// below 0, so `i >= 0` is always true and this C loop never terminates.
// BUG: looptile prints `for i in [0, N - 1] step -1` and exits 0; see the
// Frontend report. Remove the XFAIL once unsigned loop variables are refused.
// XFAIL: *
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  // CHECK: error-loop-var-unsigned.c:[[@LINE+1]]:{{[0-9]+}}: error:
  for (unsigned i = N - 1; i >= 0; i--)
    A[i] = 0.0f;
}
