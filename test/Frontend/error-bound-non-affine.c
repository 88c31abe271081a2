// A bound must be affine in the loop variables: N*N multiplies two sizes
// (one parameter to isl, accepted; run-product-bounds-pocl.test runs such
// loops), i*i multiplies loop variables and i*N a loop variable and a size
// (refused).
// RUN: %looptile %s --function size_squared --print-ir 2>&1 | FileCheck %s --check-prefix=SQUARED
// RUN: not %looptile %s --function var_squared --print-ir 2>&1 | FileCheck %s --check-prefix=VAR
// RUN: not %looptile %s --function var_times_size --print-ir 2>&1 | FileCheck %s --check-prefix=TIMES

void size_squared(int N, float A[N * N]) {
  // SQUARED: for i in [0, N*N - 1] step 1
  for (int i = 0; i < N * N; i++)
    A[i] = 0.0f;
}

void var_squared(int N, float A[N * N]) {
  for (int i = 0; i < N; i++)
    // VAR: error-bound-non-affine.c:[[@LINE+1]]:25: error: non-affine loop bound 'i * i': it multiplies loop variables
    for (int j = 0; j < i * i; j++)
      A[j] = 0.0f;
}

void var_times_size(int N, float A[N * N]) {
  for (int i = 0; i < N; i++)
    // TIMES: error-bound-non-affine.c:[[@LINE+1]]:25: error: non-affine loop bound 'i * N': loop variable 'i' is multiplied by a variable (a bound may multiply sizes, not loop variables)
    for (int j = 0; j < i * N; j++)
      A[j] = 0.0f;
}
