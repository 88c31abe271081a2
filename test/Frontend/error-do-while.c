// Refused: a do-while loop is not a counted for loop (and runs at least once).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N][N]) {
  for (int i = 0; i < N; i++) {
    int j = 0;
    // CHECK: error-do-while.c:[[@LINE+1]]:5: error: do-while loops are not supported; looptile handles counted for loops only
    do {
      A[i][j] = 0.0f;
      j++;
    } while (j < N);
  }
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-do-while.c:8:5: note: accepted instead: when the number of iterations is known before the loop starts, a for loop that counts them, its variable changed only in the header: 'for (int j = start; j < end; j++)'
