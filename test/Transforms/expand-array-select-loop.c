// Legal: A is read after the nest (Y[m] = A[m]), so no loop encloses all of
// its accesses and --expand A asks for the loop (illegal twin, the refusal
// below); --expand A:i expands it along i. A is local but live after i, so
// the last iteration's copy is written back to A before the m loop reads it.
// RUN: %looptile %s --expand A:i | FileCheck %s
// RUN: %difftest %s -- --expand A:i
// RUN: %difftest %s -- --expand A:i --distribute i
// RUN: not %looptile %s --expand A 2>&1 | FileCheck %s --check-prefix=NOLOOP
// A loop that does not write A cannot be the one:
// RUN: not %looptile %s --expand A:m 2>&1 | FileCheck %s --check-prefix=NOWRITE
void local_live(int N, int M, const float B[N][M], float X[N][M],
                float Y[M]) {
  float A[M];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      A[j] = B[i][j] + 1.0f;
    for (int k = 1; k < M; k++)
      X[i][k] = A[k - 1] * A[k];
  }
  for (int m = 0; m < M; m++)
    Y[m] = A[m];
}
// CHECK-NOT: error
// CHECK:        float (*A) = __builtin_malloc(sizeof(float) * MAX(M, 1));
// CHECK-NEXT:   float (*A_x)[MAX(M, 1)] = __builtin_malloc(sizeof(float) * MAX(N, 1) * MAX(M, 1));
// CHECK-NEXT:   for (int i = 0; i < N; i++) {
// CHECK-NEXT:     for (int j = 0; j < M; j++) {
// CHECK-NEXT:       A_x[i][j] = B[i][j] + 1.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int k = 1; k < M; k++) {
// CHECK-NEXT:       X[i][k] = A_x[i][k - 1] * A_x[i][k];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:     for (int j_out = 0; j_out < M; j_out++) {
// CHECK-NEXT:       A[j_out] = A_x[i_out][j_out];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int m = 0; m < M; m++) {
// CHECK-NEXT:     Y[m] = A[m];
// NOLOOP: expand-array-select-loop.c:13:9: error: cannot expand 'A': no loop encloses all of its accesses; select the loop to expand along as --expand A:LOOP
// NOLOOP: looptile: error: --expand A refused; nothing was emitted
// NOWRITE: expand-array-select-loop.c:20:3: error: cannot expand 'A' along loop 'm': loop 'm' does not write 'A'
