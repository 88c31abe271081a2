// Refused: (A + 1)[i] subscripts a pointer expression, not a named array.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float *A, const float *B) {
  for (int i = 0; i < N - 1; i++)
    // CHECK: error-pointer-arithmetic.c:[[@LINE+1]]:13: error: pointer arithmetic is not supported; index the array directly
    A[i] = (B + 1)[i];
}
