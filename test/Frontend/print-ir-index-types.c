// Sizes and loop variables of every index type: int, long, long long, their
// unsigned forms, size_t and ptrdiff_t (standard typedef names kept). The IR
// prints a non-int loop variable's type; --emit=c declares the loops with
// their types and includes the headers that name them; `i + 1 < n` is a
// loop condition (the unsigned-safe form of `i < n - 1`) and prints back as
// written.
// RUN: %looptile %s --print-ir | FileCheck %s --check-prefix=IR
// RUN: %looptile %s --emit=c | FileCheck %s --check-prefix=C
// RUN: %looptile %s --emit=c > %t.c && %host_cc -std=c11 -Wall -Werror -c %t.c -o %t.o
#include <stddef.h>

void saxpy(size_t n, float a, const float *restrict x, float *restrict y) {
  for (size_t i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
// IR: function saxpy(size_t n, float a, const float *restrict x, float *restrict y)
// IR-NEXT: for size_t i in [0, n - 1] step 1
// C:      #include <stddef.h>
// C-NEXT: #include <stdint.h>
// C:      void saxpy(size_t n, float a, const float *restrict x, float *restrict y) {
// C-NEXT:   for (size_t i = 0; i < n; i++) {

void widths(long n, unsigned long long m, ptrdiff_t k, float A[n][m]) {
  for (long i = 0; i < n; i++)
    for (unsigned long long j = 0; j + 1 < m; j++)
      for (ptrdiff_t l = 0; l < k; l++)
        A[i][j] += (float)(i + l) * A[i][j + 1];
}
// IR: function widths(long n, unsigned long long m, ptrdiff_t k, float A[n][m])
// IR-NEXT: for long i in [0, n - 1] step 1
// IR-NEXT: for unsigned long long j in [0, m - 2] step 1
// IR-NEXT: for ptrdiff_t l in [0, k - 1] step 1
// C:      void widths(long n, unsigned long long m, ptrdiff_t k, float A[n][m]) {
// C-NEXT:   for (long i = 0; i < n; i++) {
// C-NEXT:     for (unsigned long long j = 0; j + 1 < m; j++) {
// C-NEXT:       for (ptrdiff_t l = 0; l < k; l++) {
// C-NEXT:         A[i][j] += (float)(i + l) * A[i][j + 1];

void count_down(unsigned n, float A[n]) {
  for (unsigned i = n; i > 0; i--)
    A[i - 1] = 2.0f * A[i - 1];
}
// IR: function count_down(unsigned int n, float A[n])
// IR-NEXT: for unsigned int i in [1, n] step -1
// C:      for (unsigned int i = n; i >= 1; i--) {
// C-NEXT:   A[i - 1] = 2.0f * A[i - 1];
