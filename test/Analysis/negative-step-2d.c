// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// Negative steps: the source is the access that executes first, so in a
// downward loop the iteration with the larger value is the earlier one, and a
// direction entry compares iterations in execution order.

// i goes down: A[i + 1] was written one iteration earlier: flow [<].
void down_flow(int N, float A[N + 1]) {
  for (int i = N - 1; i >= 0; i--)
    A[i] = A[i + 1];
}
// CHECK-LABEL: nest down_flow:
// CHECK: i  // line {{[0-9]+}}, step -1
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<)  A[i] -> A[i + 1]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<)

// The pair: A[i - 1] is written one iteration later: the read is the source,
// anti [<] (the same subscript would be a flow in an upward loop).
void down_anti(int N, float A[N + 1]) {
  for (int i = N; i >= 1; i--)
    A[i] = A[i - 1];
}
// CHECK-LABEL: nest down_anti:
// CHECK: dependences:
// CHECK-NEXT: anti A: S0 -> S0 (<)  A[i - 1] -> A[i]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: anti dependence S0 -> S0 on A, direction (<)

// Inner loop downward: the write A[i1][j1] is read at i2 = i1 + 1,
// j2 = j1 + 1; j2 > j1 runs earlier in a downward j: [<, >].
void inner_down(int N, float A[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = N - 1; j >= 1; j--)
      A[i][j] = A[i - 1][j - 1];
}
// CHECK-LABEL: nest inner_down:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, >)  A[i][j] -> A[i - 1][j - 1]
// CHECK-NEXT: direction matrix (i, j):
// CHECK: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S0 -> S0 on A, direction (<, >)
// CHECK-NEXT: loop j: parallel

// Both downward: A[i-1][j-1] written at (i1, j1) is read at (i1 - 1, j1 - 1),
// later in both loops: [<, <].
void both_down(int N, float A[N][N]) {
  for (int i = N - 1; i > 0; i--)
    for (int j = N - 1; j > 0; j--)
      A[i - 1][j - 1] = A[i][j];
}
// CHECK-LABEL: nest both_down:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, <)  A[i - 1][j - 1] -> A[i][j]
// CHECK-NEXT: direction matrix (i, j):
// CHECK: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S0 -> S0 on A, direction (<, <)
// CHECK-NEXT: loop j: parallel

// Downward with step -2: A[i - 2] written at i is read at i - 2, the next
// iteration: flow [<].
void down_step2(int N, float A[N + 2]) {
  for (int i = N; i >= 2; i -= 2)
    A[i - 2] = A[i];
}
// CHECK-LABEL: nest down_step2:
// CHECK: i  // line {{[0-9]+}}, step -2
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<)  A[i - 2] -> A[i]
// CHECK-NEXT: direction matrix (i):
