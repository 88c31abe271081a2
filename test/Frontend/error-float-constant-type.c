// Refused: floating constants the IR cannot hold exactly. A long double
// constant converted to float rounds twice if it goes through a double
// ((float)0.1L), and a constant that overflows its type is infinite.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++) {
    // CHECK: error-float-constant-type.c:[[@LINE+1]]:19: error: floating constant has type 'long double'; looptile supports float, double and the standard integer types (char, short, int, long, long long, signed or unsigned)
    A[i] = (float)0.1L;
    // CHECK: error-float-constant-type.c:[[@LINE+1]]:12: error: floating constant overflows type 'float'
    A[i] = 1e39f * A[i];
  }
}
