// Refused: continue skips the rest of the body for an iteration.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = 0.0f;
    // CHECK: error-continue.c:[[@LINE+1]]:5: error: break and continue are not supported; loops must run their full iteration space
    continue;
    B[i] = 1.0f;
  }
}
