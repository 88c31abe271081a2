// A pointer parameter's extent is the largest subscript its accesses reach.
// An access that runs only when a condition on data holds (or in the arm of
// a ?: on data) says nothing about the array's size: it may not extend the extent
// the other accesses define, else the signature is refused with the
// rewrite. An affine guard `v <= e` lowers the loop bound it constrains, so
// a guarded stencil over pointers keeps its exact extent. The outer extent
// of a pointer to arrays (`float (*a)[8]`) comes from its accesses too.
// RUN: not %looptile %s --function on_data --print-signature 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: not %looptile %s --function select_arm --print-signature 2>&1 | FileCheck %s --check-prefix=ARM
// RUN: %looptile %s --function within --print-signature | FileCheck %s --check-prefix=WITHIN
// RUN: %looptile %s --function guarded --print-signature | FileCheck %s --check-prefix=GUARDED
// RUN: %looptile %s --function rows --print-signature | FileCheck %s --check-prefix=ROWS

void on_data(int n, const float *restrict A, float *restrict B) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f)
      B[i] = A[i];
}
// DATA: error: cannot determine the extent of parameter 'B': the access 'B[i]' runs only when a condition holds, so its reach says nothing about the array's size; declare it as an array parameter with the extent of the caller's array, e.g. 'float B[n]' where it has that many elements (every access stays below n, conditions ignored)

void select_arm(int n, const float *restrict A, float *restrict B) {
  for (int i = 0; i < n; i++)
    B[i] = A[i] > 0.0f ? A[i + 1] : 0.0f;
}
// ARM: error: cannot determine the extent of parameter 'A': the access 'A[i + 1]' runs only when a condition holds, so its reach says nothing about the array's size; declare it as an array parameter with the extent of the caller's array, e.g. 'const float A[n + 1]' where it has that many elements (every access stays below n + 1, conditions ignored)

// The pair of select_arm: an affine condition says exactly where each arm
// runs (Access::Arms), so the clamp's reach is its extent.
// RUN: %looptile %s --function affine_arm --print-signature | FileCheck %s --check-prefix=AFFINEARM
void affine_arm(int n, const float *restrict A, float *restrict B) {
  for (int i = 0; i < n; i++)
    B[i] = i < n - 1 ? A[i + 1] : A[i];
}
// AFFINEARM: {"name": "A", "kind": "buffer", "type": "float", "access": "in", "shape": ["n"]}

void within(int n, const float *restrict A, float *restrict B) {
  for (int i = 0; i < n; i++)
    B[i] = A[i] > 0.0f ? A[i] : A[n - 1 - i];
}
// WITHIN: {"name": "A", "kind": "buffer", "type": "float", "access": "in", "shape": ["n"]}

void guarded(int n, const float *restrict A, float *restrict B) {
  for (int i = 0; i < n; i++)
    if (i > 0 && i < n - 1)
      B[i] = A[i - 1] + A[i + 1];
}
// The extents are exact: the guard keeps every access away when n < 3.
// GUARDED: {"name": "A", "kind": "buffer", "type": "float", "access": "in", "shape": ["(n >= 3) * (n)"]}
// GUARDED: {"name": "B", "kind": "buffer", "type": "float", "access": "inout", "shape": ["(n >= 3) * (-1 + n)"]}

void rows(int n, float (*a)[8], const float (*b)[8]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++)
      a[i][j] = b[i][j] * 2.0f;
}
// ROWS: {"name": "a", "kind": "buffer", "type": "float", "access": "out", "shape": ["n", "8"]}

// Accesses whose reaches differ by a polynomial in the sizes (x[i * m] and
// x[i * m + j], here m - 1 apart): the extent is the larger, which is n*m
// for every n, m >= 1 (m = 1: n*m - m + 1 = n*m).
// RUN: %looptile %s --function row_max --print-signature | FileCheck %s --check-prefix=ROWMAX
void row_max(int n, int m, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) {
    float mx = x[i * m];
    for (int j = 1; j < m; j++)
      mx = x[i * m + j] > mx ? x[i * m + j] : mx;
    y[i] = mx;
  }
}
// ROWMAX: {"name": "x", "kind": "buffer", "type": "float", "access": "in", "shape": ["max((n >= 1) * (n*m - m + 1), ((m >= 2 && n >= 1)) * (n*m))"]}

// Every parameter whose extent is unknown is named in one run (before: the
// first only), and a size that the suggested declaration needs but the
// parameter list declares after the array is named, to be moved first.
// RUN: not %looptile %s --function two_late --print-signature 2>&1 | FileCheck %s --check-prefix=TWOLATE
void two_late(const float *restrict a, const float *restrict b,
              float *restrict c, int n) {
  for (int i = 0; i < n; i++)
    if (c[i] > 0.0f)
      c[i] = a[i] + b[i];
}
// TWOLATE: error: cannot determine the extent of parameter 'a': the access 'a[i]' runs only when a condition holds, so its reach says nothing about the array's size; declare it as an array parameter with the extent of the caller's array, e.g. 'const float a[n]' where it has that many elements (every access stays below n, conditions ignored), with 'n' moved before it in the parameter list (C reads the extent where 'a' is declared)
// TWOLATE: error: cannot determine the extent of parameter 'b': the access 'b[i]' runs only when a condition holds

// Clamp arms past the extent of the unconditional read a[0] (found by the
// generator, seed 1400344): the footprint's formula is the extent, and the
// polynomial bound falls back to the largest reach. Before the fix the
// second arm read an emptied bound (SIGSEGV or std::bad_alloc).
// RUN: %looptile %s --function arms_past_extent --print-signature | FileCheck %s --check-prefix=ARMSPAST
// RUN: %looptile %s --function arms_past_extent -o %t.cl
// RUN: %if opencl %{ for s in n=1 n=2 n=100; do %looptile_run %t.cl -D $s --device cpu --validate --reps 1 --no-progress || exit 1; done | FileCheck %s --check-prefix=ARMSOK %}
void arms_past_extent(int n, const int *restrict a, int *restrict t) {
  t[0] = a[0];
  for (int i = 0; i < n; i++)
    t[i + 1] = i < n - 1 ? a[i + 1] : a[i];
}
// ARMSPAST: {"name": "a", "kind": "buffer", "type": "int", "access": "in", "shape": ["(0 >= n) * (1) + (n >= 1) * (n)"]}
// ARMSOK-COUNT-3: validation: PASSED
