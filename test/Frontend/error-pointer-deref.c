// Refused: *(A + i) is pointer arithmetic; accesses must be A[subscript] so
// that the subscript can be analysed.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float *A, const float *B) {
  for (int i = 0; i < N; i++)
    // CHECK: error-pointer-deref.c:[[@LINE+1]]:5: error: pointer dereference is not supported; index the array directly
    *(A + i) = B[i];
}
