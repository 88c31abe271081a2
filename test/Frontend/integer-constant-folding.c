// Integer arithmetic on constants alone in a type other than int is folded
// in the C's type: `3u - 5u` is unsigned and wraps to 4294967294,
// `2000000000L + 2000000000L` is long and does not overflow, `1L << 40` is a
// shift of constants. Printing them as int arithmetic (3 - 5 = -2, an int
// overflow) would change the result, so the emitted code carries each value
// converted to its type. The kernels validate against the C on PoCL.
// RUN: %looptile %s --function f --emit=c 2>/dev/null | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %s --function f -o %t/fold.cl 2>/dev/null
// RUN: %if opencl %{ %looptile_run %t/fold.cl -D N=1000 --device cpu --validate --reps 1 --no-progress | FileCheck %s --check-prefix=VALID %}
//
// Refused, with the reason: a constant that overflows its signed type has no
// value in C, and a type wider than 64 bits has no OpenCL counterpart.
// RUN: not %looptile %s --function f --print-ir -- -DOVERFLOW 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// RUN: not %looptile %s --function f --print-ir -- -DWIDE 2>&1 | FileCheck %s --check-prefix=WIDE
// Plain int arithmetic on constants is kept as written, but one that
// overflows (`2147483647 + 1`) or a shift into the sign bit (`1 << 31`,
// C11 6.5.7p4) has no value either: refused, not printed as the wrapped
// value or as arithmetic the OpenCL compiler would wrap.
// RUN: not %looptile %s --function f --print-ir -- -DINT_OVERFLOW 2>&1 | FileCheck %s --check-prefix=INT-OVERFLOW
// RUN: not %looptile %s --function f --print-ir -- -DSHIFT_OVERFLOW 2>&1 | FileCheck %s --check-prefix=SHIFT-OVERFLOW
// RUN: not %looptile %s --function f --print-ir -- -DNEG_OVERFLOW 2>&1 | FileCheck %s --check-prefix=NEG-OVERFLOW

enum { KMIN = -2147483647 - 1 };

void f(int N, float A[N], double D[N], unsigned U[N], long L[N], int B[N]) {
  for (int i = 0; i < N; i++) {
    // CHECK: A[i] = A[i] * (float)(unsigned int)4294967294;
    A[i] = A[i] * (3u - 5u);
    // CHECK-NEXT: D[i] = (double)(long)4000000000;
    D[i] = (double)(2000000000L + 2000000000L);
    // CHECK-NEXT: U[i] = U[i] + (unsigned int)4294967295;
    U[i] = U[i] + (0u - 1u);
    // CHECK-NEXT: L[i] = L[i] + (long)1099511627776 - (long)1666666666;
    L[i] = L[i] + (1L << 40) - 5000000000L / 3;
    // INT_MIN is an int; `-2147483648` would be a long, and the unsigned
    // comparison would change meaning (here: always true instead of
    // U[i] > 2147483648u). The validation run below fails with that text.
    // CHECK-NEXT: B[i] = U[i] > (-2147483647 - 1);
    B[i] = U[i] > KMIN;
    // CHECK-NEXT: B[i] = B[i] + 536870912 * 2 / 4 + (-2147483647 - 1) / 2;
    B[i] = B[i] + (1 << 29) * 2 / 4 + KMIN / 2;
#ifdef OVERFLOW
    // OVERFLOW: integer-constant-folding.c:[[@LINE+1]]:12: error: integer constant expression '-(-9223372036854775807L - 1)' of type 'long' has no value: it overflows its type or divides by zero
    L[i] = -(-9223372036854775807L - 1);
#endif
#ifdef INT_OVERFLOW
    // INT-OVERFLOW: integer-constant-folding.c:[[@LINE+1]]:23: error: integer constant expression '(2147483647 + 1)' of type 'int' has no value: it overflows its type or divides by zero
    B[i] = B[i] + 2 * (2147483647 + 1);
#endif
#ifdef SHIFT_OVERFLOW
    // SHIFT-OVERFLOW: integer-constant-folding.c:[[@LINE+1]]:20: error: integer constant expression '1 << 31' of type 'int' has no value: it overflows its type or divides by zero
    B[i] = B[i] + (1 << 31);
#endif
#ifdef NEG_OVERFLOW
    // NEG-OVERFLOW: integer-constant-folding.c:[[@LINE+1]]:19: error: integer constant expression '-KMIN' of type 'int' has no value: it overflows its type or divides by zero
    B[i] = B[i] + -KMIN;
#endif
#ifdef WIDE
    // WIDE: integer-constant-folding.c:[[@LINE+1]]:19: error: integer arithmetic in type '__int128'; looptile's integer types are at most 64 bits wide
    L[i] = (long)((__int128)1 + 2);
#endif
  }
}
// VALID: validation: PASSED

// A local scalar that holds a constant, divided and taken modulo: a value
// like any other (the overflow check asked Clang's evaluator, for which the
// scalar is no constant, and refused 't % 4093'; found by the generator,
// utils/fuzz/findings/frontend-constant-scalar-divmod-no-value.c).
// RUN: %looptile %s --function g --emit=c 2>/dev/null | FileCheck %s --check-prefix=SCALAR
// SCALAR: T[i] = 3 % 4093 + 3 / 2;
void g(int M, int T[M]) {
  int t = 3;
  for (int i = 0; i < M; i++)
    T[i] = t % 4093 + t / 2;
}
