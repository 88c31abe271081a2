// Refused: float **A is an array of row pointers; rows may alias or be ragged,
// so its accesses have no single affine address.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

// CHECK: error-pointer-to-pointer.c:[[@LINE+1]]:30: error: parameter 'A' has type 'float **'; looptile supports pointers to its element types and C99 array parameters
void f(int N, int M, float **A) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = 0.0f;
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-pointer-to-pointer.c:6:30: note: accepted instead: a C99 array parameter with the sizes as parameters ('int n, int m, float A[n][m]'), or one flat pointer indexed 'A[i * m + j]'
