// Refused: break leaves the loop early, so it does not run its full space.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = 0.0f;
    // CHECK: error-break.c:[[@LINE+1]]:5: error: break and continue are not supported; loops must run their full iteration space
    break;
  }
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-break.c:8:5: note: accepted instead: when the exit point does not depend on data, a loop bound that stops there ('for (i = 0; i < n && i < stop; i++)' is 'i < min(n, stop)'); when it does, a guard 'if' around the remaining iterations' statements (they still run, doing nothing)
