// Refused: a zero step never reaches the bound; the loop would not terminate.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  // CHECK: error-step-zero.c:[[@LINE+1]]:26: error: loop step is zero; the loop would not terminate
  for (int i = 0; i < N; i += 0)
    A[i] = 0.0f;
}
