// Refused: a ternary in a statement is a branch; the frontend suggests
// fminf/fmaxf for the min/max case.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float C[N], const float A[N], const float B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-ternary-in-statement.c:[[@LINE+1]]:12: error: conditional expressions are not supported in statements; use fminf/fmaxf for min and max
    C[i] = A[i] > B[i] ? A[i] : B[i];
}
