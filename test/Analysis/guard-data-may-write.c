// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// A statement guarded by a condition on data may not run: its write is a
// may-write, which covers no later read. In pairs: the conditional write
// and the unconditional one.

// t is written only where A[i] > 0 and read everywhere: an iteration may
// read the value of an earlier one (carried, sequential).
void cond_scalar(int n, const float A[n], float B[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    if (A[i] > 0.0f)
      t = A[i];
    B[i] = t;
  }
}
// CHECK-LABEL: nest cond_scalar:
// CHECK: t: carried (i: carried)
// CHECK: loop i: sequential: output dependence S1 -> S1 on t, direction (<)

void uncond_scalar(int n, const float A[n], float B[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    t = A[i];
    B[i] = t;
  }
}
// CHECK-LABEL: nest uncond_scalar:
// CHECK: t: private (i: private)
// CHECK: loop i: parallel

// Read under the same condition as the write: covered (the condition reads
// only A, which nothing in between writes).
void same_condition(int n, const float A[n], float B[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    if (A[i] > 0.0f)
      t = A[i];
    if (A[i] > 0.0f && i > 0)
      B[i] = t;
  }
}
// CHECK-LABEL: nest same_condition:
// CHECK: t: private (i: private)
// CHECK: loop i: parallel

// The same, but C changes what the condition reads in between: not covered.
void condition_changed(int n, float A[n], float B[n], float C[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    if (A[i] > 0.0f)
      t = A[i];
    A[i] = C[i];
    if (A[i] > 0.0f)
      B[i] = t;
  }
}
// CHECK-LABEL: nest condition_changed:
// CHECK: t: carried (i: carried)
// CHECK: loop i: sequential

// An affine guard covers only reads under the same guard: here the read runs
// at i = 0, where nothing wrote t in the iteration.
void affine_partial(int n, const float A[n], float B[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    if (i > 0)
      t = A[i];
    B[i] = t;
  }
}
// CHECK-LABEL: nest affine_partial:
// CHECK: t: carried (i: carried)
// CHECK: loop i: sequential

// A conditional sum is still a reduction; a guard that reads the
// accumulator is not.
void cond_sum(int n, const float A[n], float S[1]) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      s += A[i];
  S[0] = s;
}
// CHECK-LABEL: nest cond_sum:
// CHECK: s: reduction (i: reduction)
// CHECK: loop i: reduction (s + over i)

void guard_reads_sum(int n, const float A[n], float S[1]) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    if (s < 10.0f)
      s += A[i];
  S[0] = s;
}
// CHECK-LABEL: nest guard_reads_sum:
// CHECK: s: carried (i: carried)
// CHECK: loop i: sequential

// Conditional writes of distinct elements stay independent.
void cond_array(int n, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      B[i] = A[i];
}
// CHECK-LABEL: nest cond_array:
// CHECK: loop i: parallel
