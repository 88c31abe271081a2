// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// A scalar written before it is read in every iteration is private: its
// cross-iteration dependences (output [<], flow [<], anti [<]) are storage
// reuse only, and the loop is parallel. Read before written, the value flows
// from the previous iteration (flow S2 -> S1 [<]): carried, sequential.

void priv(int N, float A[N], const float B[N]) {
  float t;
  for (int i = 0; i < N; i++) {
    t = B[i] * 2.0f;
    A[i] = t * t;
  }
}
// CHECK-LABEL: nest priv:
// CHECK: dependences:
// CHECK-NEXT: output t: S0 -> S0 (<)  t -> t
// CHECK-NEXT: flow t: S0 -> S1 (<)  t -> t
// CHECK-NEXT: flow t: S0 -> S1 (=)  t -> t
// CHECK-NEXT: anti t: S1 -> S0 (<)  t -> t
// CHECK: scalars:
// CHECK-NEXT: t: private (i: private)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop; privatizable: t)

void carried(int N, float A[N], const float B[N]) {
  float t = 0.0f;
  for (int i = 0; i < N; i++) {
    A[i] = t;
    t = B[i] * 2.0f;
  }
}
// CHECK-LABEL: nest carried:
// CHECK: dependences:
// CHECK-NEXT: anti t: S1 -> S2 (<)  t -> t
// CHECK-NEXT: anti t: S1 -> S2 (=)  t -> t
// CHECK-NEXT: flow t: S2 -> S1 (<)  t -> t
// CHECK-NEXT: output t: S2 -> S2 (<)  t -> t
// CHECK: scalars:
// CHECK-NEXT: t: carried (i: carried)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: {{.*}} on t, direction (<)

// Private, but its last value is read after the loop: privatizing would lose
// it, so the loop stays sequential.
void live_out(int N, float A[N], const float B[N], float R[1]) {
  float t = 0.0f;
  for (int i = 0; i < N; i++) {
    t = B[i] * 2.0f;
    A[i] = t * t;
  }
  R[0] = t;
}
// CHECK-LABEL: nest live_out:
// CHECK: scalars:
// CHECK-NEXT: t: private (i: private), live after its loop
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: output dependence S1 -> S1 on t, direction (<) (t is private but live after the loop)

// Declared in the outer loop: a fresh t per i ('=' at i), private in j.
void nested(int N, float A[N][N], const float B[N][N]) {
  for (int i = 0; i < N; i++) {
    float t;
    for (int j = 0; j < N; j++) {
      t = B[i][j] + 1.0f;
      A[i][j] = t;
    }
  }
}
// CHECK-LABEL: nest nested:
// CHECK: dependences:
// CHECK-NEXT: output t: S0 -> S0 (=, <)  t -> t
// CHECK-NEXT: flow t: S0 -> S1 (=, <)  t -> t
// CHECK-NEXT: flow t: S0 -> S1 (=, =)  t -> t
// CHECK-NEXT: anti t: S1 -> S0 (=, <)  t -> t
// CHECK: scalars:
// CHECK-NEXT: t: private (i: private, j: private)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel
// CHECK-NEXT: loop j: parallel
