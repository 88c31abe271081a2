// Legal: s is private in loop i (no read of s in i) and read after it, so
// --expand s:i copies its last value back. s is written only in the inner
// loop j, which runs for N >= 3 and never for N <= 2: in every case the last
// iteration of i writes s exactly when some iteration does (isl:
// { N : some i, j writes s } = { N : i = N - 1, some j writes s }). The copy
// replays the last iteration's j loop around `s = s_x[i_out]`, so for N <= 2
// nothing is copied and s keeps 1.0f, as in the original; before the fix
// s_x[N - 1], which nothing wrote, was copied unconditionally.
// RUN: %looptile %s --expand s:i | FileCheck %s
// RUN: %difftest %s --sizes N=1,2,3,4,7,17 -- --expand s:i
void inner(int N, const float A[N][N], float B[N], float C[1]) {
  float s = 1.0f;
  for (int i = 0; i < N; i++) {
    for (int j = 2; j < N; j++)
      s = A[i][j];
    B[i] = 2.0f * B[i];
  }
  C[0] = s;
}
// CHECK-NOT: error
// CHECK:      for (int i = 0; i < N; i++) {
// CHECK-NEXT:   for (int j = 2; j < N; j++) {
// CHECK-NEXT:     s_x[i] = A[i][j];
// CHECK-NEXT:   }
// CHECK-NEXT:   B[i] = 2.0f * B[i];
// CHECK-NEXT: }
// CHECK-NEXT: for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:   for (int j_out = 2; j_out < N; j_out++) {
// CHECK-NEXT:     s = s_x[i_out];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: C[0] = s;
