// Refused: integer arithmetic in a type other than int. The IR's integer
// arithmetic is int arithmetic, so `3u - 5u` (unsigned, 4294967294) would
// become 3 - 5 (-2) and `2000000000L + 2000000000L` (long, 4000000000) an
// int overflow. An int constant next to a float stays accepted
// (print-ir-literals.c).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N], double D[N], int I[N]) {
  for (int i = 0; i < N; i++) {
    // CHECK: error-integer-arithmetic-not-int.c:[[@LINE+1]]:20: error: integer arithmetic in type 'unsigned int'; looptile supports int arithmetic only
    A[i] = A[i] * (3u - 5u);
    // CHECK: error-integer-arithmetic-not-int.c:[[@LINE+1]]:21: error: integer arithmetic in type 'long'; looptile supports int arithmetic only
    D[i] = (double)(2000000000L + 2000000000L);
    // CHECK: error-integer-arithmetic-not-int.c:[[@LINE+1]]:19: error: integer arithmetic in type 'unsigned int'; looptile supports int arithmetic only
    A[i] = A[i] * -1u;
  }
}
