// Refused: a long loop variable is accepted, but its bound LONG_MIN is a
// constant beyond 32 bits (its inclusive form LONG_MIN - 1 would overflow
// the IR's 64-bit arithmetic).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(float A[1]) {
  // CHECK: error-bound-overflow.c:[[@LINE+1]]:{{[0-9]+}}: error: integer constant '9223372036854775807L' is too large; looptile supports constants that fit in 32 bits
  for (long i = 0; i < (-9223372036854775807L - 1); i++)
    A[0] = 1.0f;
}
