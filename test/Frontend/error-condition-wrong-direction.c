// Refused: i counts down but the condition only bounds it from above, so the
// loop never ends (until overflow).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  // CHECK: error-condition-wrong-direction.c:[[@LINE+1]]:19: error: loop condition does not bound 'i' in the direction of its step (decreasing); the loop would not terminate
  for (int i = 0; i < N; i--)
    A[i] = 0.0f;
}
