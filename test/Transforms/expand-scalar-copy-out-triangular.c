// Legal: the triangular loop j < i does not run for i = 0, but the last
// iteration i = N - 1 runs it whenever any iteration does (N >= 2), so the
// copy of the last iteration's write is exact; for N = 1 nothing writes s
// and nothing is copied.
// RUN: %looptile %s --expand s:i | FileCheck %s
// RUN: %difftest %s --sizes N=1,2,3,7,17 -- --expand s:i
void lower(int N, const float A[N][N], float B[N], float C[1]) {
  float s = 1.0f;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < i; j++)
      s = A[i][j];
    B[i] = 2.0f * B[i];
  }
  C[0] = s;
}
// CHECK-NOT: error
// CHECK:      for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:   for (int j_out = 0; j_out < i_out; j_out++) {
// CHECK-NEXT:     s = s_x[i_out];
