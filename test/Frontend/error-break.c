// Refused: break leaves the loop early, so it does not run its full space.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = 0.0f;
    // CHECK: error-break.c:[[@LINE+1]]:5: error: break and continue are not supported; loops must run their full iteration space
    break;
  }
}
