// Refused: element types without an exact counterpart in the IR and in
// OpenCL code generation (long double, _Bool, __int128, complex numbers).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

// CHECK: error-element-type-unsupported.c:[[@LINE+1]]:44: error: element of array 'S' has type 'long double'; looptile supports float, double and the standard integer types (char, short, int, long, long long, signed or unsigned)
void long_doubles(int N, const long double S[N], float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = S[i];
}

// CHECK: error-element-type-unsupported.c:[[@LINE+1]]:26: error: parameter 'L' has type '_Bool'; looptile supports float, double and the standard integer types
void bools(int N, _Bool *L) {
  for (int i = 0; i < N; i++)
    L[i] = 0;
}

void wide(int N, int A[N]) {
  // CHECK: error-element-type-unsupported.c:[[@LINE+1]]:12: error: local 'u' has type '__int128'; looptile supports float, double and the standard integer types
  __int128 u;
  for (int i = 0; i < N; i++)
    A[i] = 0;
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-element-type-unsupported.c:6:44: note: accepted instead: the element type 'double' (or 'float'), as OpenCL has no such type on every device
// REWRITE: error-element-type-unsupported.c:12:26: note: accepted instead: the type 'int' (or 'unsigned char') holding 0 or 1
