// Refused: calls to helpers that looptile cannot inline exactly. A helper
// that only computes a value from its arguments into its own locals and
// returns it once, at its end, is inlined (print-ir-helper-inline.c); each
// case here breaks one of these conditions, and the error says which.
// RUN: not %looptile %s --function writes --print-ir 2>&1 | FileCheck %s --check-prefix=WRITES
// RUN: not %looptile %s --function recursive --print-ir 2>&1 | FileCheck %s --check-prefix=REC
// RUN: not %looptile %s --function early --print-ir 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: not %looptile %s --function in_arm --print-ir 2>&1 | FileCheck %s --check-prefix=ARM
// RUN: not %looptile %s --function in_cond --print-ir 2>&1 | FileCheck %s --check-prefix=COND
// RUN: not %looptile %s --function looping --print-ir 2>&1 | FileCheck %s --check-prefix=LOOP

// Writes through its pointer parameter: a side effect on the caller's array.
static float bump(float *p) {
  p[0] = p[0] + 1.0f;
  return p[0];
}
void writes(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // WRITES: error-call-user-function.c:[[@LINE+1]]:12: error: cannot inline the call to 'bump': it assigns 'p[0]', which is not one of its own locals (a side effect outside the helper)
    B[i] = bump(&A[i]);
  // WRITES: error-call-user-function.c:14:3: note: in 'bump' here
  // WRITES: note: accepted instead: a helper that only computes a value from its arguments, into its own locals, and returns it once, at its end
}

static float fact(float x) { return x <= 1.0f ? 1.0f : x * fact(x - 1.0f); }
void recursive(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    // REC: error-call-user-function.c:[[@LINE-3]]:60: error: call to 'fact' is recursive; looptile inlines calls to helper functions, which must not call themselves
    A[i] = fact(A[i]);
}

// An early return followed by another statement is not a chain of
// `if (c) return k;` right before the last return (the pair of
// run-helpers-pocl.test's gamma_clamp).
static float sgn(float x) {
  if (x < 0.0f)
    return -1.0f;
  float y = x * 2.0f;
  return y;
}
void early(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    // EARLY: error-call-user-function.c:[[@LINE+1]]:12: error: cannot inline the call to 'sgn': it returns before its last statement
    A[i] = sgn(A[i]);
  // EARLY: error-call-user-function.c:37:5: note: in 'sgn' here
}

static float inv(float x) { return 1.0f / x; }
void in_arm(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // The arm runs only where A[i] != 0; placed before, it would run always.
    // ARM: error-call-user-function.c:[[@LINE+1]]:27: error: call to 'inv' in an if's condition, a '?:' arm or the right operand of '&&' or '||'
    B[i] = A[i] != 0.0f ? inv(A[i]) : 0.0f;
  // ARM: note: accepted instead: the call's value in a local before the statement ('float v = inv(...);')
}

void in_cond(int N, float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    // COND: error-call-user-function.c:[[@LINE+1]]:9: error: call to 'inv' in an if's condition
    if (inv(A[i]) > 0.5f)
      B[i] = 1.0f;
}

static float sum4(const float *p) {
  float s = 0.0f;
  for (int k = 0; k < 4; k++)
    s += p[k];
  return s;
}
void looping(int N, float A[N][4], float B[N]) {
  for (int i = 0; i < N; i++)
    // LOOP: error-call-user-function.c:[[@LINE+1]]:12: error: cannot inline the call to 'sum4': it contains a loop
    B[i] = sum4(A[i]);
}
