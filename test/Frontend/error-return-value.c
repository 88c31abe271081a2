// Refused: a value returned before the end of the function under a
// condition that is not on the sizes alone, or a value that is not a
// constant (run-early-return-value-pocl.test has the accepted form);
// returning a struct or a pointer (not a scalar looptile has). A value
// returned at the end is accepted (print-ir-return-value.c).
// RUN: not %looptile %s --function middle --print-ir 2>&1 | FileCheck %s --check-prefix=MIDDLE
// RUN: not %looptile %s --function pointer --print-ir 2>&1 | FileCheck %s --check-prefix=POINTER

float middle(int N, const float A[N], float S[1]) {
  S[0] = 0.0f;
  for (int i = 0; i < N; i++)
    S[0] += A[i];
  // MIDDLE: error-return-value.c:[[@LINE+2]]:3: error: an early 'return' with a value is supported only as 'if (c) return k;' where c depends on sizes alone and k is a constant, before a final 'return v;'
  // MIDDLE: note: accepted instead: one 'return' as the function's last statement, e.g. 'return c ? k : v;'
  if (N > 0)
    return S[0];
  return 0.0f;
}

float *pointer(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = 0.0f;
  // POINTER: error-return-value.c:[[@LINE+1]]:3: error: the result has type 'float *'; looptile supports float, double and the standard integer types
  return A;
}
