// Should be refused: normalising `i < LONG_MIN` to the inclusive bound
// LONG_MIN - 1 overflows 64 bits. In C the loop runs zero times.
// BUG: looptile wraps the bound and prints `for i in [0, 9223372036854775807]`,
// exit 0; see the Frontend report. Remove the XFAIL once it is refused.
// XFAIL: *
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(float A[1]) {
  // CHECK: error-bound-overflow.c:[[@LINE+1]]:{{[0-9]+}}: error:
  for (long i = 0; i < (-9223372036854775807L - 1); i++)
    A[0] = 1.0f;
}
