// RUN: %looptile %s --print-deps | FileCheck %s
// Downward loop: iteration i+1 runs first, so S1's write of A[i+1] reaches S0's read: flow S1 -> S0 (<).
void down(int N, float A[N + 1], float B[N + 1]) {
  for (int i = N - 1; i >= 0; i--) {
    B[i] = A[i + 1];
    A[i] = 1.0f;
  }
}
// CHECK: flow A: S1 -> S0 (<)
// CHECK-NOT: anti A
// CHECK: loop i: sequential: flow dependence S1 -> S0 on A, direction (<)
