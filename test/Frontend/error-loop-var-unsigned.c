// Refused: an unsigned loop variable wraps around instead of going below 0,
// so `i >= 0` is always true and this C loop never terminates.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  // CHECK: error-loop-var-unsigned.c:[[@LINE+1]]:{{[0-9]+}}: error: loop variable 'i' has type 'unsigned int'; looptile supports loop variables of type int (unsigned and narrow types wrap around)
  for (unsigned i = N - 1; i >= 0; i--)
    A[i] = 0.0f;
}
