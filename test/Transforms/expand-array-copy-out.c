// Legal, with a copy-out: iteration i writes A[0 .. i] (loop j) and then
// reads A[0 .. i] (loop k), so every read is covered by a write of the same
// iteration and A can be expanded along i (triangular bounds included).
// A is a parameter, so it is live after the loop: its final values are the
// last iteration's, because the last iteration (i = N - 1) writes A[0 .. N -
// 1], every element any iteration writes. They are copied back by a nest
// over the last value of i only (i_out from MAX(0, N - 1)), replaying the
// write's loop j with its bound i_out. Distributing i afterwards is legal.
// RUN: %looptile %s --expand A | FileCheck %s
// RUN: %difftest %s -- --expand A
// RUN: %difftest %s -- --expand A --distribute i
void prefix(int N, const float B[N][N], float A[N], float S[N]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j <= i; j++)
      A[j] = B[i][j] * 2.0f;
    for (int k = 0; k <= i; k++)
      S[i] += A[k];
  }
}
// CHECK-NOT: error
// CHECK:        float (*A_x)[MAX(N, 1)] = __builtin_malloc(sizeof(float) * MAX(N, 1) * MAX(N, 1));
// CHECK-NEXT:   for (int i = 0; i < N; i++) {
// CHECK-NEXT:     for (int j = 0; j < i + 1; j++) {
// CHECK-NEXT:       A_x[i][j] = B[i][j] * 2.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int k = 0; k < i + 1; k++) {
// CHECK-NEXT:       S[i] += A_x[i][k];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:     for (int j_out = 0; j_out < i_out + 1; j_out++) {
// CHECK-NEXT:       A[j_out] = A_x[i_out][j_out];
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   __builtin_free(A_x);
// CHECK-NEXT: }
