// Refused: a while loop has no counted iteration space the IR can represent.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --strict-whitespace

void f(int N, float A[N][N]) {
  for (int i = 0; i < N; i++) {
    int j = 0;
    // CHECK: error-while-loop.c:[[@LINE+3]]:5: error: while loops are not supported; looptile handles counted for loops only
    // CHECK-NEXT: {{^}}    while (j < N) {
    // CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~
    while (j < N) {
      A[i][j] = 0.0f;
      j++;
    }
  }
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-while-loop.c:10:5: note: accepted instead: when the number of iterations is known before the loop starts, a for loop that counts them, its variable changed only in the header: 'for (int j = start; j < end; j++)'
