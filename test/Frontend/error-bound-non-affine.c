// Refused: a bound must be affine in the loop variables and sizes; N*N
// multiplies two sizes and i*i multiplies loop variables.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void size_squared(int N, float A[N * N]) {
  // CHECK: error-bound-non-affine.c:[[@LINE+1]]:23: error: non-affine loop bound 'N * N'
  for (int i = 0; i < N * N; i++)
    A[i] = 0.0f;
}

void var_squared(int N, float A[N * N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-bound-non-affine.c:[[@LINE+1]]:25: error: non-affine loop bound 'i * i': it multiplies loop variables
    for (int j = 0; j < i * i; j++)
      A[j] = 0.0f;
}
