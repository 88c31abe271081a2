// Refused: a continue that is not the end of an if's then-branch (here it
// makes the rest of the body dead); `if (c) continue;` is accepted
// (error-break-in-if.c, CodeGen/run-continue-pocl.test).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = 0.0f;
    // CHECK: error-continue.c:[[@LINE+1]]:5: error: continue is supported only as the last statement of an 'if' without else that stands directly in the loop's body
    continue;
    B[i] = 1.0f;
  }
}
