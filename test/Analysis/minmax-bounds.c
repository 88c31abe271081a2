// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// min/max bounds are exact: A[i] = A[i + 10] only meets itself when two
// iterations are 10 apart, i.e. when the loop has at least 11 iterations.
// i < min(N, 10) never has; i < min(N, 11) has for N >= 11: anti [<].
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void min10(int N, float A[N + 20]) {
  for (int i = 0; i < MIN(N, 10); i++)
    A[i] = A[i + 10];
}
// CHECK-LABEL: nest min10:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void min11(int N, float A[N + 20]) {
  for (int i = 0; i < MIN(N, 11); i++)
    A[i] = A[i + 10];
}
// CHECK-LABEL: nest min11:
// CHECK: dependences:
// CHECK-NEXT: anti A: S0 -> S0 (<)  A[i + 10] -> A[i]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: anti dependence S0 -> S0 on A, direction (<)

// A max lower bound: [max(N, 10), N + 10) has at most 10 iterations, so the
// flow A[i] -> A[i - 10] cannot happen; [max(N, 10), N + 11) has 11 for
// N >= 10: flow [<].
void max10(int N, float A[N + 20]) {
  for (int i = MAX(N, 10); i < N + 10; i++)
    A[i] = A[i - 10];
}
// CHECK-LABEL: nest max10:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void max11(int N, float A[N + 20]) {
  for (int i = MAX(N, 10); i < N + 11; i++)
    A[i] = A[i - 10];
}
// CHECK-LABEL: nest max11:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<)  A[i] -> A[i - 10]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<)

// A strip-mined loop, i in [ii, min(ii + 16, N)): A[i - 1] is written by the
// same strip unless i is the first of its strip, whose i - 1 belongs to the
// previous strip: both (=, <) and (<, <), never (<, =) or (<, >).
void strips(int N, float A[N][N]) {
  for (int ii = 0; ii < N; ii += 16)
    for (int i = ii; i < MIN(ii + 16, N); i++)
      A[i][0] = A[i][1] + A[i - 1][0];
}
// CHECK-LABEL: nest strips:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, <)  A[i][0] -> A[i - 1][0]
// CHECK-NEXT: flow A: S0 -> S0 (=, <)  A[i][0] -> A[i - 1][0]
// CHECK-NEXT: direction matrix (ii, i):
// CHECK: verdicts:
// CHECK-NEXT: loop ii: sequential: flow dependence S0 -> S0 on A, direction (<, <)
// CHECK-NEXT: loop i: sequential: flow dependence S0 -> S0 on A, direction (=, <)

// The pair: without the A[i - 1] read, strips are independent.
void strips_par(int N, float A[N][N]) {
  for (int ii = 0; ii < N; ii += 16)
    for (int i = ii; i < MIN(ii + 16, N); i++)
      A[i][0] = A[i][1];
}
// CHECK-LABEL: nest strips_par:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: verdicts:
// CHECK-NEXT: loop ii: parallel
// CHECK-NEXT: loop i: parallel
