// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// Under the no-overlap assumption, A[i] = B[i - 1] has no dependence
// (A and B are different variables), while the same statement on one array,
// A[i] = A[i - 1], is a flow [<]. A local array needs no assumption.

void two_arrays(int N, float A[N], const float B[N]) {
  for (int i = 1; i < N; i++)
    A[i] = B[i - 1];
}
// CHECK-LABEL: nest two_arrays:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void one_array(int N, float A[N]) {
  for (int i = 1; i < N; i++)
    A[i] = A[i - 1];
}
// CHECK-LABEL: nest one_array:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<)  A[i] -> A[i - 1]
// CHECK: loop i: sequential

void local(int N, float Out[64]) {
  float T[64];
  for (int i = 1; i < 64; i++) {
    T[i] = (float)i;
    Out[i] = T[i - 1];
  }
}
// CHECK-LABEL: nest local:
// CHECK: dependences:
// CHECK-NEXT: flow T: S0 -> S1 (<)  T[i] -> T[i - 1]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: flow dependence S0 -> S1 on T, direction (<)
