// Refused: a call to a user function may have side effects the IR cannot see.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

float scale(float x) { return 2.0f * x; }

void f(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-call-user-function.c:[[@LINE+1]]:12: error: call to unknown function 'scale'; only side-effect-free math functions (sqrtf, fabsf, expf, fminf, fmaxf, ...) are supported
    B[i] = scale(A[i]);
}
