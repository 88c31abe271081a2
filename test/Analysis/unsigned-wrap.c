// Unsigned index arithmetic: looptile reads bounds and subscripts as exact
// integers, so where C computes them in an unsigned type it proves (with
// isl, or by the signs of the terms) that they are not negative; otherwise
// it refuses with an example. In pairs: each refused form and the accepted
// way to write it.
// RUN: not %looptile %s --function minus_one --print-deps 2>&1 | FileCheck %s --check-prefix=MINUS
// RUN: %looptile %s --function plus_one --print-deps 2>&1 | FileCheck %s --check-prefix=PLUS
// RUN: not %looptile %s --function signed_size --print-deps 2>&1 | FileCheck %s --check-prefix=MIXED
// RUN: not %looptile %s --function left_neighbour --print-deps 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: %looptile %s --function guarded_neighbour --print-deps 2>&1 | FileCheck %s --check-prefix=GUARDED
// RUN: %looptile %s --function linearized --print-deps 2>&1 | FileCheck %s --check-prefix=LIN
// RUN: %looptile %s --function count_down --print-deps 2>&1 | FileCheck %s --check-prefix=DOWN
// RUN: not %looptile %s --function count_down --strip-mine i=4 2>&1 | FileCheck %s --check-prefix=STRIP
// RUN: %looptile %s --function row_above --print-deps 2>&1 | FileCheck %s --check-prefix=ABOVE
// RUN: not %looptile %s --function row_above_from_zero --print-deps 2>&1 | FileCheck %s --check-prefix=ZERO
#include <stddef.h>

// `n - 1` is SIZE_MAX for n = 0, so the C loop would run far past the
// array; the IR would read it as an empty loop.
void minus_one(size_t n, float A[n]) {
  for (size_t i = 0; i < n - 1; i++)
    A[i] = A[i + 1];
}
// MINUS: unsigned-wrap.c:[[@LINE-3]]:26: error: 'n - 1' in the condition of loop 'i' is compared or assigned in 'size_t' and wraps around where it is negative; write it without an unsigned subtraction (e.g. 'i + 1 < n' for 'i < n - 1') or use signed types (e.g. n = 0)

void plus_one(size_t n, float A[n]) {
  for (size_t i = 0; i + 1 < n; i++)
    A[i] = A[i + 1];
}
// PLUS: loop i: sequential: anti dependence S0 -> S0 on A, direction (<)

// A signed size compared with a size_t loop variable is converted; a
// negative n would wrap.
void signed_size(int n, float A[n]) {
  for (size_t i = 0; i < n; i++)
    A[i] = 0.0f;
}
// MIXED: unsigned-wrap.c:[[@LINE-3]]:26: error: 'n' in the condition of loop 'i' is compared or assigned in 'size_t' and wraps around where it is negative; a signed value there is converted to the unsigned type; give the loop variable and the sizes the same signedness (e.g. n = -1)

// A subscript computed in size_t: i - 1 at i = 0 is SIZE_MAX.
void left_neighbour(size_t n, const float A[n], float B[n]) {
  for (size_t i = 0; i < n; i++)
    B[i] = A[i - 1];
}
// LEFT: unsigned-wrap.c:[[@LINE-2]]:12: error: the subscript 'i - 1' of 'A' is computed in an unsigned type ('size_t') and wraps around where it is negative (e.g. n = 1, i = 0)

// Under `if (i > 0)` it is not negative (the guard restricts the domain).
// The guard itself compares `n - 1`, which is >= 0 wherever the loop runs.
void guarded_neighbour(size_t n, const float A[n], float B[n]) {
  for (size_t i = 0; i < n; i++)
    if (i > 0 && i < n - 1)
      B[i] = A[i - 1] + A[i + 1];
}
// GUARDED: loop i: parallel

// Products of sizes and loop variables: non-negative by the signs of their
// terms.
void linearized(size_t n, size_t m, float *restrict A, const float *restrict B) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      A[i*m + j] = B[j*n + i];
}
// LIN: loop i: parallel
// LIN: loop j: parallel

// Counting down to 1 never wraps; strip-mining it would compute the point
// loop's bound `ii - 3`, which wraps for ii < 3: refused after the step.
void count_down(unsigned n, float A[n]) {
  for (unsigned i = n; i > 0; i--)
    A[i - 1] = 2.0f * A[i - 1];
}
// DOWN: loop i: parallel
// STRIP: error: after --strip-mine i=4: the bound 'ii - 3' in the condition of loop 'i' is compared in an unsigned type ('unsigned int') and wraps around where it is negative
// STRIP: looptile: error: the transformed code would compute unsigned indices that wrap around; nothing was emitted

// A product with a difference, `(i - 1) * m + j` (flattened i*m - m + j):
// isl takes no products, so looptile factors it, m * (i - 1) + j, and
// proves each factor and the rest non-negative: i >= 1 here.
void row_above(size_t n, size_t m, const float *restrict A, float *restrict B) {
  for (size_t i = 1; i < n; i++)
    for (size_t j = 0; j < m; j++)
      B[i * m + j] = A[(i - 1) * m + j];
}
// ABOVE: loop i: parallel
// ABOVE: loop j: parallel

// From i = 0 the row above is before the array: i - 1 < 0, refused.
void row_above_from_zero(size_t n, size_t m, const float *restrict A,
                         float *restrict B) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < m; j++)
      B[i * m + j] = A[(i - 1) * m + j];
}
// ZERO: unsigned-wrap.c:[[@LINE-2]]:22: error: the subscript 'i*m - m + j' of 'A' is computed in an unsigned type ('size_t') and wraps around where it is negative
