// Legal: the only dependence (anti on A, A[i][j] read then written by the same
// iteration) has direction (=, =), so interchange is legal; the triangular
// bounds 0 <= j <= i < N are recomputed for the order (j, i): 0 <= j < N,
// j <= i < N (and for the second nest 1 <= i <= j < N: 1 <= j < N, 1 <= i <= j).
// RUN: %looptile %s --interchange i,j | FileCheck %s
// RUN: %difftest %s -- --interchange i,j
// RUN: %looptile %s --function=tri2 --interchange i,j | FileCheck %s --check-prefix=UPPER
// RUN: %difftest %s --function=tri2 -- --function=tri2 --interchange i,j
void tri(int N, float A[N][N], const float B[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] = A[i][j] * 0.5f + B[j][i];
}
void tri2(int N, float A[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = i; j < N; j++)
      A[i][j] = A[i - 1][j] + 1.0f;
}
// CHECK-NOT: error
// CHECK:      void tri(int N, float A[N][N], const float B[N][N]) {
// CHECK-NEXT:   for (int j = 0; j < N; j++) {
// CHECK-NEXT:     for (int i = MAX(0, j); i < N; i++) {
// CHECK-NEXT:       A[i][j] = A[i][j] * 0.5f + B[j][i];
// UPPER:      void tri2(int N, float A[N][N]) {
// UPPER-NEXT:   for (int j = 1; j < N; j++) {
// UPPER-NEXT:     for (int i = 1; i < MIN(N, j + 1); i++) {
// UPPER-NEXT:       A[i][j] = A[i - 1][j] + 1.0f;
