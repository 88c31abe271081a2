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
