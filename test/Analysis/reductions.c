// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// A variable only updated by one associative operator (s += e, s *= e,
// s = fminf(s, e), s = fmaxf(e, s)) with e not reading s carries
// flow/anti/output [<] only through that operator: the loop is a
// "reduction", neither parallel nor plainly sequential.

void sum(int N, const float B[N], float R[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += B[i];
  R[0] = s;
}
// CHECK-LABEL: nest sum:
// CHECK: dependences:
// CHECK-NEXT: flow s: S1 -> S1 (<)  s -> s
// CHECK-NEXT: anti s: S1 -> S1 (<)  s -> s
// CHECK-NEXT: anti s: S1 -> S1 (=)  s -> s
// CHECK-NEXT: output s: S1 -> S1 (<)  s -> s
// CHECK: s: reduction (i: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: reduction (s + over i)

void prod(int N, const float B[N], float R[1]) {
  float p = 1.0f;
  for (int i = 0; i < N; i++)
    p *= B[i];
  R[0] = p;
}
// CHECK-LABEL: nest prod:
// CHECK: p: reduction (i: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: reduction (p * over i)

#include <math.h>
void minimum(int N, const float B[N], float R[1]) {
  float m = B[0];
  for (int i = 0; i < N; i++)
    m = fminf(m, B[i]);
  R[0] = m;
}
// CHECK-LABEL: nest minimum:
// CHECK: flow m: S1 -> S1 (<)  m -> m
// CHECK: m: reduction (i: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: reduction (m min over i)

void maximum(int N, const float B[N], float R[1]) {
  float m = B[0];
  for (int i = 0; i < N; i++)
    m = fmaxf(B[i], m);
  R[0] = m;
}
// CHECK-LABEL: nest maximum:
// CHECK: m: reduction (i: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: reduction (m max over i)

// Pairs that are not reductions. s = B[i] - s: the accumulator is subtracted.
void alternating(int N, const float B[N], float R[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s = B[i] - s;
  R[0] = s;
}
// CHECK-LABEL: nest alternating:
// CHECK: s: carried (i: carried)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S1 -> S1 on s, direction (<)

// Two different operators on one variable.
void mixed(int N, const float B[N], float R[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++) {
    s += B[i];
    s *= 2.0f;
  }
  R[0] = s;
}
// CHECK-LABEL: nest mixed:
// CHECK: s: carried (i: carried)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential

// The running value is read inside the loop (a prefix sum).
void prefix(int N, float A[N], const float B[N]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++) {
    s += B[i];
    A[i] = s;
  }
}
// CHECK-LABEL: nest prefix:
// CHECK: flow s: S1 -> S2 (=)  s -> s
// CHECK: s: carried (i: carried)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S1 -> S1 on s, direction (<)

// Array elements: A[i] += over j is a reduction in j ([=, <]); A[j] += over
// i is a reduction in i ([<, =]) with j parallel.
void rows(int N, float A[N], const float B[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i] += B[i][j];
}
// CHECK-LABEL: nest rows:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (=, <)  A[i] -> A[i]
// CHECK-NEXT: anti A: S0 -> S0 (=, <)  A[i] -> A[i]
// CHECK-NEXT: anti A: S0 -> S0 (=, =)  A[i] -> A[i]
// CHECK-NEXT: output A: S0 -> S0 (=, <)  A[i] -> A[i]
// CHECK: verdicts:
// CHECK-NEXT: loop i: parallel
// CHECK-NEXT: loop j: reduction (A[i] + over j)

void columns(int N, float A[N], const float B[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[j] += B[i][j];
}
// CHECK-LABEL: nest columns:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, =)  A[j] -> A[j]
// CHECK-NEXT: anti A: S0 -> S0 (<, =)  A[j] -> A[j]
// CHECK-NEXT: anti A: S0 -> S0 (=, =)  A[j] -> A[j]
// CHECK-NEXT: output A: S0 -> S0 (<, =)  A[j] -> A[j]
// CHECK: verdicts:
// CHECK-NEXT: loop i: reduction (A[j] + over i)
// CHECK-NEXT: loop j: parallel

// Min and max written as comparisons. Taking the term where it compares
// greater (smaller) skips a NaN term and keeps a NaN accumulator in any
// order: a reduction, for float as for int.
void select_max(int N, const float B[N], float R[1]) {
  float m = B[0];
  for (int i = 0; i < N; i++)
    m = B[i] > m ? B[i] : m;
  R[0] = m;
}
// CHECK-LABEL: nest select_max:
// CHECK: m: reduction (i: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: reduction (m max over i)

void if_min(int N, const double B[N], double R[1]) {
  double m = B[0];
  for (int i = 0; i < N; i++)
    if (B[i] <= m)
      m = B[i];
  R[0] = m;
}
// CHECK-LABEL: nest if_min:
// CHECK: m: reduction (i: reduction)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: reduction (m min over i)

// The other form takes the term where the comparison fails: for int it is
// max ...
void select_max_int(int N, const int B[N], int R[1]) {
  int m = B[0];
  for (int i = 0; i < N; i++)
    m = m > B[i] ? m : B[i];
  R[0] = m;
}
// CHECK-LABEL: nest select_max_int:
// CHECK: loop i: reduction (m max over i)

// ... for float a NaN term replaces the accumulator and the next term the
// NaN: the result depends on the order, so the loop stays sequential.
void select_max_nan_order(int N, const float B[N], float R[1]) {
  float m = B[0];
  for (int i = 0; i < N; i++)
    m = m > B[i] ? m : B[i];
  R[0] = m;
}
// CHECK-LABEL: nest select_max_nan_order:
// CHECK: m: carried (i: carried)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S1 -> S1 on m, direction (<)

// A comparison with something else than the term is no extremum.
void if_other(int N, const float B[N], const float C[N], float R[1]) {
  float m = B[0];
  for (int i = 0; i < N; i++)
    if (C[i] > m)
      m = B[i];
  R[0] = m;
}
// CHECK-LABEL: nest if_other:
// CHECK: m: carried (i: carried)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential
