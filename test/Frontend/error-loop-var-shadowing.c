// Refused: an inner loop variable that shadows an outer one would make two
// loops share one name in the IR.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-loop-var-shadowing.c:[[@LINE+1]]:14: error: loop variable 'i' shadows the variable of an enclosing loop
    for (int i = 0; i < N; i++)
      A[i][i] = 0.0f;
}
