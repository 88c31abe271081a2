// Refused: integer division (A[i/2]) rounds, so the subscript is not affine.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-subscript-division.c:[[@LINE+1]]:14: error: non-affine subscript 'i / 2': operator '/' is not affine
    B[i] = A[i / 2];
}
