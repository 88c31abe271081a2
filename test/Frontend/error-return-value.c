// Refused: looptile transforms void functions whose results are in arrays; a
// returned scalar would be a result outside the IR.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

float sum(int N, const float A[N], float S[1]) {
  S[0] = 0.0f;
  for (int i = 0; i < N; i++)
    S[0] += A[i];
  // CHECK: error-return-value.c:[[@LINE+1]]:3: error: returning a value is not supported; looptile transforms void functions that write their results to arrays
  return S[0];
}
