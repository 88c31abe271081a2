// RUN: %looptile %examples/tmp_expansion.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s --check-prefix=NOREC
// Lecture 04, "Loop Distribution May Require Array Expansion": tmp is
// written by S0 before S1 and S2 read it in the same iteration (private),
// while B[i] <- B[i-1] (S2 -> S2, i1 = i2 - 1) and B[i-2] (S2 -> S0,
// i1 = i2 - 2) are real recurrences: [<].

// CHECK: S0: tmp = 2.0f * B[i - 2]
// CHECK: dependences:
// CHECK-NEXT: output tmp: S0 -> S0 (<)  tmp -> tmp
// CHECK-NEXT: flow tmp: S0 -> S1 (<)  tmp -> tmp
// CHECK-NEXT: flow tmp: S0 -> S1 (=)  tmp -> tmp
// CHECK-NEXT: flow tmp: S0 -> S2 (<)  tmp -> tmp
// CHECK-NEXT: flow tmp: S0 -> S2 (=)  tmp -> tmp
// CHECK-NEXT: anti tmp: S1 -> S0 (<)  tmp -> tmp
// CHECK-NEXT: flow B: S2 -> S0 (<)  B[i] -> B[i - 2]
// CHECK-NEXT: anti tmp: S2 -> S0 (<)  tmp -> tmp
// CHECK-NEXT: flow B: S2 -> S2 (<)  B[i] -> B[i - 1]
// CHECK-NEXT: direction matrix (i):
// CHECK: scalars:
// CHECK-NEXT: tmp: private (i: private)
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S2 -> S0 on B, direction (<)

// The pair: the same body without the B recurrence (B only read). tmp's
// dependences remain, but it is private, so the loop is parallel.
void no_recurrence(int N, float A[N], const float B[N], float C[N]) {
  float tmp;
  for (int i = 2; i < N; i++) {
    tmp = 2.0f * B[i - 2];
    A[i] = tmp;
    C[i] = tmp + B[i - 1];
  }
}
// NOREC: dependences:
// NOREC-NEXT: output tmp: S0 -> S0 (<)
// NOREC-NOT: flow B
// NOREC: tmp: private (i: private)
// NOREC-NEXT: verdicts:
// NOREC-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop; privatizable: tmp)
