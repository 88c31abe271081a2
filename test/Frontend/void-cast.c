// `(void)x;` marks a parameter unused and computes nothing that is kept:
// no statement (before: "expression statement is not an assignment"). An
// expression statement whose value is dropped otherwise, or a cast to void
// of an expression with a side effect, is refused.
// RUN: %looptile %s --function unused --print-ir | FileCheck %s --check-prefix=IR
// RUN: not %looptile %s --function dropped --print-ir 2>&1 | FileCheck %s --check-prefix=DROPPED
// RUN: not %looptile %s --function assigned --print-ir 2>&1 | FileCheck %s --check-prefix=ASSIGNED

void unused(int n, int vocab, const float x[n], float y[n]) {
  (void)vocab;
  for (int i = 0; i < n; i++) {
    (void)x[i];
    y[i] = 2.0f * x[i];
  }
}
// IR: function unused(
// IR-NEXT: for i in [0, n - 1] step 1
// IR-NEXT: S0: y[i] = 2.0f * x[i]
// IR-NOT: S1

void dropped(int n, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++) {
    // DROPPED: void-cast.c:[[@LINE+1]]:5: error: expression statement is not an assignment
    y[i] + x[i];
    y[i] = x[i];
  }
}

void assigned(int n, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++)
    // ASSIGNED: void-cast.c:[[@LINE+1]]:5: error: expression statement is not an assignment
    (void)(y[i] = x[i]);
}
