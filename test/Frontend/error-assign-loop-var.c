// Refused: writing the loop variable in the body changes the iteration space.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = 0.0f;
    // CHECK: error-assign-loop-var.c:[[@LINE+1]]:5: error: assignment to loop variable 'i' inside its loop
    i = i + 1;
  }
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-assign-loop-var.c:8:5: note: accepted instead: a separate variable for the changed value; the loop variable changes only in the loop's header
