// Refused: a long loop variable can hold values int cannot (here the bound
// LONG_MIN, whose inclusive form LONG_MIN - 1 would overflow 64 bits); the
// IR and the emitted code use int.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(float A[1]) {
  // CHECK: error-bound-overflow.c:[[@LINE+1]]:{{[0-9]+}}: error: loop variable 'i' has type 'long'; looptile supports loop variables of type int (unsigned and narrow types wrap around)
  for (long i = 0; i < (-9223372036854775807L - 1); i++)
    A[0] = 1.0f;
}
