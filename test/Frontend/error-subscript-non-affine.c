// Refused: A[i*j] multiplies two loop variables; dependence analysis needs
// affine subscripts.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N * N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      // CHECK: error-subscript-non-affine.c:[[@LINE+1]]:9: error: non-affine subscript 'i * j': it multiplies loop variables
      A[i * j] = 0.0f;
}
