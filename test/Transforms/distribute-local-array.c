// Legal: A is declared in loop o, a fresh array in every iteration, used by
// both statements' loops. Distributed as it is, each new o loop would declare
// its own A and the second would read one nothing wrote; so distribution
// expands A along o first (each iteration's A_x[o] lives across the new
// loops). Every read A[k] is covered by the write A[j], j = k, of the same
// iteration, so the expansion is legal (the twin
// distribute-local-array-refused.c reads an element nothing writes).
// RUN: %looptile %s --distribute o | FileCheck %s
// RUN: %difftest %s -- --distribute o
void fresh_per_o(int N, const float B[N], float X[N]) {
  for (int o = 0; o < N; o++) {
    float A[4];
    for (int j = 0; j < 4; j++)
      A[j] = B[o] * (float)j;
    for (int k = 0; k < 4; k++)
      X[o] += A[k];
  }
}
// CHECK-NOT: error
// CHECK:        float (*A_x)[4] = __builtin_malloc(sizeof(float) * MAX(N, 1) * 4);
// CHECK-NEXT:   for (int o = 0; o < N; o++) {
// CHECK-NEXT:     for (int j = 0; j < 4; j++) {
// CHECK-NEXT:       A_x[o][j] = B[o] * (float)j;
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int o = 0; o < N; o++) {
// CHECK-NEXT:     for (int k = 0; k < 4; k++) {
// CHECK-NEXT:       X[o] += A_x[o][k];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   __builtin_free(A_x);
// CHECK-NEXT: }
