// Locals may share a name (sibling loops, a block's own declaration): each
// is renamed apart (CodeGen/run-sibling-names-pocl.test). A loop variable
// keeps its source name, which selectors such as '--interchange i,j' use,
// so a loop variable with the name of a local declared before it is still
// refused, with the rename that is accepted.
// RUN: %looptile %s --function ok --print-ir | FileCheck %s --check-prefix=OK
// RUN: not %looptile %s --function bad --print-ir 2>&1 | FileCheck %s --check-prefix=BAD

void ok(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++) {
    float k = A[i];
    B[i] = k;
  }
  for (int j = 0; j < n; j++) {
    float k = B[j] * 2.0f;
    A[j] = k;
  }
}
// OK: local float k (declared in loop i)
// OK: local float k2 (declared in loop j)

void bad(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++) {
    float k = A[i];
    B[i] = k;
  }
  // BAD: error-loop-var-local-name.c:[[@LINE+1]]:12: error: loop variable 'k' has the name of another variable of this function
  for (int k = 0; k < n; k++)
    A[k] = 0.0f;
  // BAD: note: accepted instead: another name for the loop variable or for the other variable
}
