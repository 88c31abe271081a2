// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// Strides: A[2*i] and A[2*i + 1] are even and odd elements, never equal:
// no dependence. A[2*i] and A[2*i - 2] meet at i1 = i2 - 1: flow [<].

void even_odd(int N, float A[2 * N + 2]) {
  for (int i = 0; i < N; i++)
    A[2 * i] = A[2 * i + 1];
}
// CHECK-LABEL: nest even_odd:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void even_even(int N, float A[2 * N + 2]) {
  for (int i = 1; i < N; i++)
    A[2 * i] = A[2 * i - 2];
}
// CHECK-LABEL: nest even_even:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<)  A[2*i] -> A[2*i - 2]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<)

// A loop step: i = 0, 2, 4, ... only touches even i, so A[i + 1] (odd) is
// never written: no dependence; A[i + 2] is written by i and read by i + 2,
// the next iteration: flow [<].
void step2_odd_read(int N, float A[N + 2]) {
  for (int i = 0; i < N; i += 2)
    A[i] = A[i + 1];
}
// CHECK-LABEL: nest step2_odd_read:
// CHECK: i  // line {{[0-9]+}}, step 2
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void step2_even_read(int N, float A[N + 2]) {
  for (int i = 0; i < N; i += 2)
    A[i + 2] = A[i];
}
// CHECK-LABEL: nest step2_even_read:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<)  A[i + 2] -> A[i]
// CHECK-NEXT: direction matrix (i):
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<)

// The start value sets the residue: i = 1, 3, 5, ... writes odd elements and
// reads even ones.
void step2_from_one(int N, float A[N + 2]) {
  for (int i = 1; i < N; i += 2)
    A[i] = A[i - 1];
}
// CHECK-LABEL: nest step2_from_one:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel
