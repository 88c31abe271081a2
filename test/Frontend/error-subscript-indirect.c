// Refused: A[B[i]] is an indirect access whose address depends on data.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N], const int B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-subscript-indirect.c:[[@LINE+1]]:7: error: non-affine subscript 'B[i]': it reads an array element (indirect access)
    A[B[i]] = 1.0f;
}
