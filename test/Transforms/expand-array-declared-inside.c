// Legal: A is declared in loop j (a fresh array in every iteration of j), so
// it is private there by construction; --expand A expands it along j, the
// innermost loop around all of its accesses, into A_x[M][4] declared in i.
// Nothing is copied out (A does not exist after an iteration of j).
// RUN: %looptile %s --expand A | FileCheck %s
// RUN: %difftest %s -- --expand A
// Illegal twin: along i, one copy per iteration of i would merge the fresh
// arrays of the iterations of j; refused.
// RUN: not %looptile %s --expand A:i 2>&1 | FileCheck %s --check-prefix=OUTER
void fresh(int N, int M, const float B[N][M], float X[N][M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      float A[4];
      A[0] = B[i][j];
      A[1] = A[0] * 2.0f;
      X[i][j] = A[1];
    }
  }
}
// CHECK-NOT: error
// CHECK:        for (int i = 0; i < N; i++) {
// CHECK-NEXT:     float (*A_x)[4] = __builtin_malloc(sizeof(float) * MAX(M, 1) * 4);
// CHECK-NEXT:     for (int j = 0; j < M; j++) {
// CHECK-NEXT:       A_x[j][0] = B[i][j];
// CHECK-NEXT:       A_x[j][1] = A_x[j][0] * 2.0f;
// CHECK-NEXT:       X[i][j] = A_x[j][1];
// CHECK-NEXT:     }
// CHECK-NEXT:     __builtin_free(A_x);
// CHECK-NEXT:   }
// OUTER: expand-array-declared-inside.c:11:3: error: cannot expand 'A' along loop 'i': 'A' is declared inside loop 'j', which is nested in 'i'; expand it along 'j' or a loop inside it
