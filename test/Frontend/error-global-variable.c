// Refused: a global variable may be changed elsewhere and aliases nothing the
// IR tracks.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

float scale;

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-global-variable.c:[[@LINE+1]]:19: error: 'scale' is not a parameter or local of this function; global variables are not supported
    A[i] = A[i] * scale;
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-global-variable.c:10:19: note: accepted instead: 'scale' passed as a parameter (a file-scope 'const' integer is accepted as it is)
