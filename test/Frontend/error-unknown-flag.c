// Refused: an unknown option is a usage error, reported by the option parser.
// RUN: not %looptile %s --print-ir --frobnicate 2>&1 | FileCheck %s
// CHECK: looptile: Unknown command line argument '--frobnicate'.

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = 0.0f;
}
