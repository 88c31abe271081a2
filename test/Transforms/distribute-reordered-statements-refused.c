// Illegal twin of distribute-reordered-statements.c: B now also reads A of
// the previous row, so after --distribute j (the B loop first, flow S1 -> S0
// on B, (=, <)) the i loop holds a cycle: flow S0 -> S1 on A carried by i
// (<) and flow S1 -> S0 on B within one iteration of i (=). Distributing i is
// refused.
// RUN: not %looptile %s --distribute j --distribute i 2>&1 | FileCheck %s
void cycle(int N, float A[N][N], float B[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      A[i][j] = B[i][j - 1];
      B[i][j] = A[i - 1][j] * 2.0f;
    }
}
// CHECK: distribute-reordered-statements-refused.c:8:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle
// CHECK: looptile: error: --distribute i refused; nothing was emitted
