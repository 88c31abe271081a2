// Refused: the guard of a statement is evaluated before each statement it
// guards, so a condition on data that a guarded statement changes before
// another evaluation would read the new value. Paired with the accepted
// forms: one guarded statement may write what its condition reads (the
// condition runs once, first), and the rewrite through a local.
// RUN: not %looptile %s --function two_statements --print-ir 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: not %looptile %s --function inner_loop --print-ir 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not %looptile %s --function else_branch --print-ir 2>&1 | FileCheck %s --check-prefix=ELSE
// RUN: %looptile %s --function one_statement --print-ir | FileCheck %s --check-prefix=ONE
// RUN: %looptile %s --function rewritten --print-ir | FileCheck %s --check-prefix=LOCAL

void two_statements(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    // TWO: error-if-condition-written.c:[[@LINE+1]]:9: error: the condition reads 'A', which a statement it guards writes (line [[@LINE+2]]); looptile evaluates the condition before each guarded statement, which would see the new value; compute the condition into a local first (int c = A[i] > 0.0f; if (c) ...)
    if (A[i] > 0.0f) {
      A[i] = 0.0f;
      B[i] = 1.0f;
    }
}

void inner_loop(int n, float A[n], const float B[n]) {
  for (int i = 0; i < n; i++)
    // LOOP: error-if-condition-written.c:[[@LINE+1]]:9: error: the condition reads 'A', which a statement it guards writes
    if (A[i] > 0.0f)
      for (int j = 0; j < n; j++)
        A[i] -= B[j];
}

void else_branch(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    // ELSE: error-if-condition-written.c:[[@LINE+1]]:9: error: the condition reads 'A', which a statement it guards writes
    if (A[i] > 0.0f)
      A[i] = 0.0f;
    else
      B[i] = 1.0f;
}

void one_statement(int n, float A[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      A[i] = 0.0f;
}
// ONE: S0: if (A[i] > 0.0f) A[i] = 0.0f

void rewritten(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++) {
    int c = A[i] > 0.0f;
    if (c) {
      A[i] = 0.0f;
      B[i] = 1.0f;
    }
  }
}
// LOCAL:      S0: int c = A[i] > 0.0f
// LOCAL:      S1: if (c) A[i] = 0.0f
// LOCAL-NEXT:   read  c
// LOCAL-NEXT:   may-write A[i]
// LOCAL-NEXT: S2: if (c) B[i] = 1.0f
