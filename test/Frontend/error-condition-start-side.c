// Refused: a conjunct that bounds the start side (i > 0 for an upward loop)
// ends the loop at once when the start value fails it, which no
// max(start, bound) lower bound expresses. In C this loop runs zero times.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  // CHECK: error-condition-start-side.c:[[@LINE+1]]:{{[0-9]+}}: error: loop condition bounds 'i' on the side it starts from (a lower bound on an increasing loop); write that bound into the start value instead
  for (int i = 0; i < N && i > 0; i++)
    A[i] = 1.0f;
}
