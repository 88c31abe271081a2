// Refused: element types other than float, double and int (char, long,
// unsigned) have no exact counterpart in the IR and in OpenCL code generation.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

// CHECK: error-element-type-unsupported.c:[[@LINE+1]]:30: error: element of array 'S' has type 'char'; looptile supports float, double and int
void chars(int N, const char S[N], float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = S[i];
}

// CHECK: error-element-type-unsupported.c:[[@LINE+1]]:25: error: parameter 'L' has type 'long'; looptile supports float, double and int
void longs(int N, long *L) {
  for (int i = 0; i < N; i++)
    L[i] = 0;
}

void unsigneds(int N, int A[N]) {
  // CHECK: error-element-type-unsupported.c:[[@LINE+1]]:12: error: local 'u' has type 'unsigned int'; looptile supports float, double and int
  unsigned u;
  for (int i = 0; i < N; i++)
    A[i] = 0;
}
