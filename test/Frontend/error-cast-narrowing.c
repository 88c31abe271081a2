// Should be refused (or kept as a cast): (char)B[i] truncates to 8 bits, so
// A[i] = (char)B[i] is not A[i] = B[i] (300 becomes 44).
// BUG: looptile drops the cast and prints `S0: A[i] = B[i]`, exit 0; see the
// Frontend report. Remove the XFAIL once narrowing casts are handled.
// XFAIL: *
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, int A[N], const int B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-cast-narrowing.c:[[@LINE+1]]:{{[0-9]+}}: error:
    A[i] = (char)B[i];
}
