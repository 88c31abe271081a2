// Refused: float **A is an array of row pointers; rows may alias or be ragged,
// so its accesses have no single affine address.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

// CHECK: error-pointer-to-pointer.c:[[@LINE+1]]:30: error: parameter 'A' has type 'float **'; looptile supports pointers to float, double or int and C99 array parameters
void f(int N, int M, float **A) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = 0.0f;
}
