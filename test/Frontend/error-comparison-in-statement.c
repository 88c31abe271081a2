// Refused: comparisons produce control-dependent values the IR's arithmetic
// expressions do not have.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, int M[N], const float A[N], const float B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-comparison-in-statement.c:[[@LINE+1]]:12: error: operator '<' is not supported in statements
    M[i] = A[i] < B[i];
}
