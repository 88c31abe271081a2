// Refused: goto and labels make control flow unstructured.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = 0.0f;
    // CHECK: error-goto.c:[[@LINE+1]]:5: error: goto and labels are not supported
    goto done;
  }
// CHECK: error-goto.c:[[@LINE+1]]:1: error: goto and labels are not supported
done:
  return;
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-goto.c:8:5: note: accepted instead: the same control flow with for loops and if statements
