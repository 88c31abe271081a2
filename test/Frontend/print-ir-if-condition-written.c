// A guard is evaluated before each statement it guards. When a guarded
// statement changes what a condition on data reads and another evaluation
// follows (several guarded statements, one in a loop of the branch, an
// else), the condition is computed once into a new local `int cond = ...;`
// right before the branches, as C evaluates it, and the branches test the
// local; the affine part keeps restricting the then-branch's domain. One
// guarded statement may write what its condition reads (the condition runs
// once, first), and a hand-written local is read the same way.
// RUN: %looptile %s --print-ir | FileCheck %s

void two_statements(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f && i > 0) {
      A[i] = 0.0f;
      B[i] = 1.0f;
    }
}
// CHECK-LABEL: function two_statements
// CHECK:      local int cond (declared in loop i)
// CHECK:      S0: int cond = A[i] > 0.0f && i > 0
// CHECK:      S1: if (i >= 1 && cond) A[i] = 0.0f
// CHECK:      S2: if (i >= 1 && cond) B[i] = 1.0f

void inner_loop(int n, float A[n], const float B[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      for (int j = 0; j < n; j++)
        A[i] -= B[j];
}
// CHECK-LABEL: function inner_loop
// CHECK:      S0: int cond = A[i] > 0.0f
// CHECK:        for j in [0, n - 1] step 1
// CHECK-NEXT:     S1: if (cond) A[i] -= B[j]

void else_branch(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      A[i] = 0.0f;
    else
      B[i] = 1.0f;
}
// CHECK-LABEL: function else_branch
// CHECK:      S0: int cond = A[i] > 0.0f
// CHECK:      S1: if (cond) A[i] = 0.0f
// CHECK:      S2: if (!cond) B[i] = 1.0f

void one_statement(int n, float A[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      A[i] = 0.0f;
}
// CHECK-LABEL: function one_statement
// CHECK-NOT:  cond
// CHECK:      S0: if (A[i] > 0.0f) A[i] = 0.0f

void argmin(int n, int k, const float x[n], const float c[k], int label[n]) {
  for (int i = 0; i < n; i++) {
    float best = 1e30f;
    int bi = 0;
    for (int j = 0; j < k; j++) {
      float d = (x[i] - c[j]) * (x[i] - c[j]);
      if (d < best) {
        best = d;
        bi = j;
      }
    }
    label[i] = bi;
  }
}
// CHECK-LABEL: function argmin
// CHECK:      S3: int cond = d < best
// CHECK:      S4: if (cond) best = d
// CHECK:      S5: if (cond) bi = j
