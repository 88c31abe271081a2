// Refused: a call to a user function may have side effects the IR cannot see.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

float scale(float x) { return 2.0f * x; }

void f(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-call-user-function.c:[[@LINE+1]]:12: error: call to unknown function 'scale'; only side-effect-free math functions (sqrtf, fabsf, expf, fminf, fmaxf, ...) are supported
    B[i] = scale(A[i]);
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-call-user-function.c:9:12: note: accepted instead: the body of 'scale' written in place of the call, as an expression or a macro (looptile analyses one function at a time)
