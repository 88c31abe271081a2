// Refused: an increment inside an expression is a hidden second write in the
// statement (B[i]++ writes B[i], y++ writes y).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void array_elem(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-increment-in-expression.c:[[@LINE+1]]:12: error: increment or decrement inside an expression has a side effect; write it as a separate statement
    A[i] = B[i]++;
}

void scalar(int N, int A[N]) {
  int y = 0;
  for (int i = 0; i < N; i++) {
    int x;
    // CHECK: error-increment-in-expression.c:[[@LINE+1]]:9: error: increment or decrement inside an expression has a side effect; write it as a separate statement
    x = y++;
    A[i] = x;
  }
}
