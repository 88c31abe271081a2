// Transformations of conditional code, checked by running the original C
// and looptile's --emit=c on the same data at many sizes (utils/difftest.py,
// bit-identical buffers): every moved statement keeps its guard, a guarded
// declaration keeps its variable in scope, and the legality verdicts come
// from the exact (affine) or conservative (data) guards.
//
// RUN: %difftest %s --function border -- --function border --interchange i,j
// RUN: %difftest %s --function border -- --function border --tile 4
// RUN: %difftest %s --function border -- --function border --strip-mine j=3 --distribute j
// RUN: %difftest %s --function on_data -- --function on_data --distribute j
// RUN: %difftest %s --function on_data -- --function on_data --tile 5
// RUN: %difftest %s --function on_data -- --function on_data --expand t --distribute j
// RUN: %difftest %s --function nested -- --function nested --interchange i,j
// RUN: %difftest %s --function nested -- --function nested --strip-mine i=2
// RUN: %difftest %s --function in_place -- --function in_place --strip-mine j=4
// RUN: %difftest %s --function cond_sum -- --function cond_sum --strip-mine i=3
// RUN: not %looptile %s --function in_place --interchange i,j 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: error: cannot interchange loops 'i' and 'j': flow dependence S0 -> S1 on 'A' has direction (<, >), which becomes (>, <)
// RUN: %looptile %s --function on_data --expand t --distribute j | FileCheck %s --check-prefix=DECL
// RUN: %difftest %s --function on_data -- --function on_data --strip-mine j=3
// RUN: %looptile %s --function on_data --strip-mine j=3 | FileCheck %s --check-prefix=SCOPE
// RUN: %difftest %s --function argmin -- --function argmin --strip-mine i=3
// RUN: %difftest %s --function argmin -- --function argmin --distribute i
// RUN: %difftest %s --function write_condition -- --function write_condition --strip-mine i=2

void border(int n, int m, const float A[n][m], float B[n][m], float C[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (i > 0 && i < n - 1 && j > 0 && j < m - 1) {
        B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1];
        C[i][j] = B[i][j] * 0.5f;
      } else {
        B[i][j] = A[i][j];
      }
    }
}

void on_data(int n, int m, const float X[n][m], float Y[n][m], float Z[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (X[i][j] > 0.0f) {
        float t = X[i][j] * 2.0f;
        Y[i][j] = t;
        Z[i][j] = t + 1.0f;
      } else {
        Y[i][j] = j > 0 ? X[i][j - 1] : -1.0f;
      }
    }
}
// The expanded local is declared before the loops; each branch's statements
// keep their guard in their own loop.
// DECL:      float (*t_x) = __builtin_malloc(sizeof(float) * MAX(m, 1));
// DECL:          if (X[i][j] > 0.0f) {
// DECL-NEXT:       t_x[j] = X[i][j] * 2.0f;
// DECL-NEXT:     }

// Not expanded, the guarded declaration becomes an assignment to a variable
// declared at the start of its loop's body.
// SCOPE:      for (int j = jj; j < MIN(jj + 3, m); j++) {
// SCOPE-NEXT:   float t;
// SCOPE-NEXT:   if (X[i][j] > 0.0f) {
// SCOPE-NEXT:     t = X[i][j] * 2.0f;
// SCOPE-NEXT:     Y[i][j] = t;
// SCOPE-NEXT:     Z[i][j] = t + 1.0f;
// SCOPE-NEXT:   }
// SCOPE-NEXT:   if (!(X[i][j] > 0.0f)) {

void nested(int n, float A[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j <= i) {
        if (i - j < 3)
          A[i][j] = A[i][j] + 1.0f;
        else if (A[i][j] > 0.5f)
          A[i][j] = 0.0f;
      } else {
        A[i][j] = -A[i][j];
      }
    }
}

void in_place(int n, float A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j == n - 1)
        A[i][j] = A[i - 1][j];
      else
        A[i][j] = 0.5f * (A[i][j] + A[i - 1][j + 1]);
    }
}

void cond_sum(int n, const float A[n], float S[1]) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    if (A[i] > 0.0f && i % 3 != 1)
      s += A[i];
  S[0] = s;
}

// The condition is computed once into a local (a guarded statement writes
// what it reads).
void argmin(int n, int k, const float x[n], const float c[k], int label[n]) {
  for (int i = 0; i < n; i++) {
    float best = 1e30f;
    int bi = 0;
    for (int j = 0; j < k; j++) {
      float d = (x[i] - c[j]) * (x[i] - c[j]);
      if (d < best) {
        best = d;
        bi = j;
      }
    }
    label[i] = bi;
  }
}

void write_condition(int n, float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] > 0.5f && i > 0) {
      A[i] = A[i] - 1.0f;
      B[i] = A[i];
    } else {
      B[i] = -A[i];
    }
}
