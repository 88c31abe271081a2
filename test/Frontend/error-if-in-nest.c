// Refused: an if makes a statement's iteration space non-rectangular in a way
// the IR cannot express (no guards).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      // CHECK: error-if-in-nest.c:[[@LINE+1]]:7: error: if statements are not supported inside loop nests
      if (i != j)
        A[i][j] = 0.0f;
}
