// Refused: integer parameters are the symbolic sizes and must stay constant.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = 0.0f;
  // CHECK: error-assign-parameter.c:[[@LINE+1]]:3: error: assignment to parameter 'N' is not supported
  N = N / 2;
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-assign-parameter.c:8:3: note: accepted instead: a local copy, assigned in its place: 'int N_v = N;' before the loops
