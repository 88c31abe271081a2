// An `if` on loop variables and sizes becomes an exact affine guard of the
// statements it controls: `&&`, `||`, `!`, every comparison, `!=` (a union),
// `else` (the complement), nested ifs (conjunctions), and a `?:` choosing
// between affine values (min and max written any way) all stay affine. The
// writes are plain writes: the guard restricts the statement's domain.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

#define MIN(a, b) ((a) < (b) ? (a) : (b))

void border(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (i > 0 && i < n - 1 && j > 0 && j < m - 1)
        B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1];
      else
        B[i][j] = A[i][j];
    }
}

// CHECK:function border(int n, int m, const float A[n][m], float B[n][m])  // line 10
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 11
// CHECK-NEXT:    for j in [0, m - 1] step 1  // line 12
// CHECK-NEXT:      S0: if (i >= 1 && i <= n - 2 && j >= 1 && j <= m - 2) B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]  // line 14
// CHECK-NEXT:        read  A[i - 1][j]
// CHECK-NEXT:        read  A[i + 1][j]
// CHECK-NEXT:        read  A[i][j - 1]
// CHECK-NEXT:        read  A[i][j + 1]
// CHECK-NEXT:        write B[i][j]
// CHECK-NEXT:      S1: if (i <= 0 || i >= n - 1 || j <= 0 || j >= m - 1) B[i][j] = A[i][j]  // line 16
// CHECK-NEXT:        read  A[i][j]
// CHECK-NEXT:        write B[i][j]

// Nested ifs conjoin their conditions; `i % 2 == 0` is not affine, so the
// whole `||` is a condition on data: the statements become conditional
// (may-write) and keep it as written, after the affine parts.
void nested(int n, float A[n][n]) {
  for (int i = 0; i < n; i++)
    if (i % 2 == 0 || !(i != 3)) {
      for (int j = 0; j < n; j++) {
        if (j == i)
          A[i][j] = 1.0f;
        if (j <= i) {
          if (i >= MIN(j + 2, n - 1))
            A[i][j] = 2.0f;
        } else
          A[i][j] = 0.0f;
      }
    }
}

// CHECK:function nested(int n, float A[n][n])  // line 36
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 37
// CHECK-NEXT:    for j in [0, n - 1] step 1  // line 39
// CHECK-NEXT:      S0: if (j == i && (i % 2 == 0 || !(i != 3))) A[i][j] = 1.0f  // line 41
// CHECK-NEXT:        may-write A[i][j]
// CHECK-NEXT:      S1: if (j <= i && ((j <= n - 4 && i >= j + 2) || (j >= n - 3 && i >= n - 1)) && (i % 2 == 0 || !(i != 3))) A[i][j] = 2.0f  // line 44
// CHECK-NEXT:        may-write A[i][j]
// CHECK-NEXT:      S2: if (j >= i + 1 && (i % 2 == 0 || !(i != 3))) A[i][j] = 0.0f  // line 46
// CHECK-NEXT:        may-write A[i][j]

// `n / 2` is not affine (a division of a size): a data condition; `!(i >=
// 5)` stays affine and comes first.
void not_equal(int n, float A[n]) {
  for (int i = 0; i < n; i++)
    if (i != n / 2 + 1 && !(i >= 5))
      A[i] = 0.0f;
}

// CHECK:function not_equal(int n, float A[n])  // line 63
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 64
// CHECK-NEXT:    S0: if (i <= 4 && i != n / 2 + 1) A[i] = 0.0f  // line 66
// CHECK-NEXT:      may-write A[i]

// `!=` is a union of two half-spaces.
void ne_affine(int n, float A[n]) {
  for (int i = 0; i < n; i++)
    if (i != n - 1)
      A[i] = 0.0f;
}

// CHECK:function ne_affine(int n, float A[n])  // line 75
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 76
// CHECK-NEXT:    S0: if (i <= n - 2 || i >= n) A[i] = 0.0f  // line 78
// CHECK-NEXT:      write A[i]

