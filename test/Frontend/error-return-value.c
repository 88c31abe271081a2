// Refused: a value returned before the end of the function (the rest would
// be skipped); returning a struct or a pointer (not a scalar looptile has).
// A value returned at the end is accepted (print-ir-return-value.c).
// RUN: not %looptile %s --function middle --print-ir 2>&1 | FileCheck %s --check-prefix=MIDDLE
// RUN: not %looptile %s --function pointer --print-ir 2>&1 | FileCheck %s --check-prefix=POINTER

float middle(int N, const float A[N], float S[1]) {
  S[0] = 0.0f;
  for (int i = 0; i < N; i++)
    S[0] += A[i];
  if (N > 0)
    // MIDDLE: error-return-value.c:[[@LINE+1]]:5: error: return statements are only supported as the last statement of the function
    return S[0];
  return 0.0f;
}

float *pointer(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = 0.0f;
  // POINTER: error-return-value.c:[[@LINE+1]]:3: error: the result has type 'float *'; looptile supports float, double and the standard integer types
  return A;
}
