// Illegal: loop j writes A[0 .. M - 2] only, and loop k reads A[1 .. M - 1]:
// the read of A[M - 1] is preceded by no write of that element, in this
// iteration or any other, so it reads whatever A held before the loop.
// Privatizing A would make it read an element of A_x that nothing wrote.
// Refused with the read and an instance (k = M - 1). The legal twin is
// waw-privatization.c, where loop j writes all of A.
// RUN: not %looptile %s --expand A 2>&1 | FileCheck %s
void waw_partial(int N, int M, float X[N][M]) {
  float A[M];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M - 1; j++)
      A[j] = (float)((4 * i + 4 * j) % M);
    for (int k = 1; k < M; k++)
      X[i][k] = X[i][k - 1] * A[k];
  }
}
// CHECK: expand-array-uncovered-refused.c:10:3: error: cannot expand 'A' along loop 'i': the read 'A[k]' in S1 is not always preceded, in the same iteration of 'i', by a write of the same element (e.g. N = 1, M = 2: i = 0, k = 1); it may read a value from before the loop
// CHECK: expand-array-uncovered-refused.c:14:31: note: read 'A[k]' in S1
// CHECK: looptile: error: --expand A refused; nothing was emitted
