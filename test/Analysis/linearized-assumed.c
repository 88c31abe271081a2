// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// A[i*M + j] is A[i][j] only when 0 <= j < M. With j <= M the element
// (i, M) is (i + 1, 0) and the bounds no longer prove the split; the
// subscript is not affine (i*M), so the pair is not dropped but reported
// dependent in every direction, '*', marked assumed, with a warning.

void proven(int N, int M, float *restrict A) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = A[(i - 1) * M + j] * 0.5f;
}

void unproven(int N, int M, float *restrict A) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j <= M; j++)
      A[i * M + j] = A[(i - 1) * M + j] * 0.5f;
}

// Only the second nest warns, once per access.
// CHECK-NOT: warning:{{.*}}:10:
// CHECK: :16:22: warning: cannot analyse subscript of 'A[(i - 1)*M + j]'; assuming it depends on every access to 'A'
// CHECK: :16:7: warning: cannot analyse subscript of 'A[i*M + j]'; assuming it depends on every access to 'A'
// CHECK-NOT: warning:

// CHECK-LABEL: nest proven:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, =)  A[i*M + j] -> A[(i - 1)*M + j]
// CHECK-NEXT: direction matrix (i, j):
// CHECK: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S0 -> S0 on A, direction (<, =)
// CHECK-NEXT: loop j: parallel

// CHECK-LABEL: nest unproven:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (*, *) assumed  A[i*M + j] -> A[(i - 1)*M + j]
// CHECK-NEXT: anti A: S0 -> S0 (*, *) assumed  A[(i - 1)*M + j] -> A[i*M + j]
// CHECK-NEXT: output A: S0 -> S0 (*, *) assumed  A[i*M + j] -> A[i*M + j]
// CHECK-NEXT: direction matrix (i, j):
// CHECK-NEXT: S0 -> S0 flow A  [*, *]
// CHECK: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S0 -> S0 on A, direction (*, *) (assumed)
// CHECK-NEXT: loop j: sequential: flow dependence S0 -> S0 on A, direction (*, *) (assumed)
