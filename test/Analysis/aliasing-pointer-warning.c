// RUN: %looptile %s --print-deps 2>&1 >/dev/null | FileCheck %s
// Non-restrict pointers may alias in C: looptile warns that it assumes they do not; restrict B is silent.
void scale(int N, float *A, float *restrict B) {
  for (int i = 0; i < N; i++)
    A[i] = 2.0f * B[i];
}
// CHECK: note: looptile assumes that distinct array parameters do not overlap in memory
// CHECK: warning: pointer parameter 'A' is not restrict-qualified; looptile assumes it does not alias 'B'
// CHECK-NOT: pointer parameter 'B'
