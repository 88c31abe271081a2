// Statements are read from the macro-expanded AST and constants are printed
// from the values Clang evaluated, never from source text: a macro name
// (ALPHA, SCALAR_VAL) never reaches the output, a constant written in a
// macro body keeps every digit, and each constant keeps its type (`f` for
// float). Integer constants with a suffix that convert to a floating type
// keep their value, converted as C does ((float)(long)3 for 3L).
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %looptile %s --emit=c > %t.c
// RUN: not grep -E "ALPHA|SCALE|SCALAR_VAL|THIRD|SEVEN" %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
#define ALPHA 0.25f
#define SCALE(x) ((x)*1e-10)
#define SCALAR_VAL(x) x##f
#define THIRD 0.333333333333333
enum { SEVEN = 7 };

void lits(int N, float A[N], double D[N]) {
  for (int i = 0; i < N; i++) {
    A[i] = ALPHA * A[i];
    D[i] = SCALE(D[i]) + THIRD;
    A[i] = SCALAR_VAL(0.1) + SCALAR_VAL(2.) * A[i];
    A[i] = A[i] * 3L + SEVEN * 0x1p-3f;
    D[i] = 1e300 * 1e-300 + 5e-324 + 123456789.0;
  }
}

// CHECK:    S0: A[i] = 0.25f * A[i]  // line 19
// CHECK:    S1: D[i] = D[i] * 1e-10 + 0.333333333333333  // line 20
// CHECK:    S2: A[i] = 0.1f + 2.0f * A[i]  // line 21
// CHECK:    S3: A[i] = A[i] * (float)(long)3 + (float)7 * 0.125f  // line 22
// CHECK:    S4: D[i] = 1e+300 * 1e-300 + 5e-324 + 123456789.0  // line 23
// C: A[i] = 0.25f * A[i];
// C: D[i] = D[i] * 1e-10 + 0.333333333333333;
