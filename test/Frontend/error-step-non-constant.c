// Refused: a step that is a size parameter (i += S) has an unknown sign and
// stride, which the IR keeps as a constant.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, int S, float A[N]) {
  // CHECK: error-step-non-constant.c:[[@LINE+1]]:26: error: loop increment must change 'i' by an integer constant
  for (int i = 0; i < N; i += S)
    A[i] = 0.0f;
}
