// Refused: without an action flag (--print-ir, ...) looptile has nothing to do;
// it says so instead of exiting silently. A missing input is a usage error.
// RUN: not %looptile %s 2>&1 | FileCheck %s
// RUN: not %looptile --print-ir 2>&1 | FileCheck %s --check-prefix=NOFILE
// CHECK: looptile: error: no action requested
// NOFILE: looptile: Not enough positional command line arguments specified!

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = 0.0f;
}
