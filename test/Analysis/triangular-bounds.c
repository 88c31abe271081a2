// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// A[i][j] = A[j][i]: the same element needs i1 = j2 and j1 = i2. With j < i
// that is j1 < i1 = j2 < i2 = j1, impossible: no dependence. With j <= i it
// forces i = j (the diagonal), where the read precedes the write: anti [=, =].

void strict(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = A[j][i];
}
// CHECK-LABEL: nest strict:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: verdicts:
// CHECK-NEXT: loop i: parallel
// CHECK-NEXT: loop j: parallel

void nonstrict(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] = A[j][i];
}
// CHECK-LABEL: nest nonstrict:
// CHECK: dependences:
// CHECK-NEXT: anti A: S0 -> S0 (=, =)  A[j][i] -> A[i][j]
// CHECK-NEXT: direction matrix (i, j):
// CHECK: verdicts:
// CHECK-NEXT: loop i: parallel
// CHECK-NEXT: loop j: parallel

// Triangular and carried: row i reads row i-1 only below the diagonal,
// which row i-1 wrote (j <= i-1 < i): flow [<, =].
void lower_rows(int N, float A[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < i; j++)
      A[i][j] = A[i - 1][j];
}
// CHECK-LABEL: nest lower_rows:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, =)  A[i][j] -> A[i - 1][j]
// CHECK-NEXT: direction matrix (i, j):
// CHECK: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S0 -> S0 on A, direction (<, =)
// CHECK-NEXT: loop j: parallel
