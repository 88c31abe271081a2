// Pointers into arrays: a pointer local never modified after an
// initializer that points into an array (`const float *row = A + i * m;`,
// `&B[i][0]`, a row `C[i]`), a dereference (`*out`, `*(A + i)`) and a
// subscripted pointer expression (`(A + 1)[i]`) are accesses of the array
// itself, with the offset added to the first subscript they index; the
// pointer is not memory.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %looptile %s --emit=c | %host_cc -std=c99 -Werror -fsyntax-only -x c -
// RUN: not %looptile %s --function modified --print-ir -- -DMODIFIED 2>&1 | FileCheck %s --check-prefix=MODIFIED
// RUN: not %looptile %s --function indirect --print-ir -- -DINDIRECT 2>&1 | FileCheck %s --check-prefix=INDIRECT
// RUN: not %looptile %s --function cast --print-ir -- -DCAST 2>&1 | FileCheck %s --check-prefix=CAST

void rowsum(int n, int m, const float *restrict A, float *restrict out,
            float *restrict total) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    const float *row = A + i * m;
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += row[j];
    *(out + i) = s;
    t += s;
  }
  *total = t;
}

// CHECK:function rowsum(int n, int m, const float *restrict A, float *restrict out, float *restrict total)  // line 13
// CHECK-NEXT:  local float t (function scope)
// CHECK-NEXT:  local float s (declared in loop i)
// CHECK-NEXT:  S0: float t = 0.0f  // line 15
// CHECK-NEXT:    write t
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 16
// CHECK-NEXT:    S1: float s = 0.0f  // line 18
// CHECK-NEXT:      write s
// CHECK-NEXT:    for j in [0, m - 1] step 1  // line 19
// CHECK-NEXT:      S2: s += A[i*m + j]  // line 20
// CHECK-NEXT:        read  A[i*m + j]
// CHECK-NEXT:        read  s
// CHECK-NEXT:        write s
// CHECK-NEXT:    S3: out[i] = s  // line 21
// CHECK-NEXT:      read  s
// CHECK-NEXT:      write out[i]
// CHECK-NEXT:    S4: t += s  // line 22
// CHECK-NEXT:      read  s
// CHECK-NEXT:      read  t
// CHECK-NEXT:      write t
// CHECK-NEXT:  S5: total[0] = t  // line 24
// CHECK-NEXT:    read  t
// CHECK-NEXT:    write total[0]

void rows2d(int n, float B[n][n], float C[n][n], const float *restrict D) {
  for (int i = 1; i < n; i++) {
    float *b = &B[i][0];
    const float *c = C[i - 1] + 1;
    float *up = *(C + i);
    for (int j = 0; j < n - 1; j++) {
      b[j] = c[j] + (D + 1)[j];
      up[j + 1] = *(b + j);
    }
  }
}

// CHECK:function rows2d(int n, float B[n][n], float C[n][n], const float *restrict D)  // line 51
// CHECK-NEXT:  for i in [1, n - 1] step 1  // line 52
// CHECK-NEXT:    for j in [0, n - 2] step 1  // line 56
// CHECK-NEXT:      S0: B[i][j] = C[i - 1][1 + j] + D[1 + j]  // line 57
// CHECK-NEXT:        read  C[i - 1][1 + j]
// CHECK-NEXT:        read  D[1 + j]
// CHECK-NEXT:        write B[i][j]
// CHECK-NEXT:      S1: C[i][j + 1] = B[i][j]  // line 58
// CHECK-NEXT:        read  B[i][j]
// CHECK-NEXT:        write C[i][j + 1]

#ifdef MODIFIED
void modified(int n, float *A) {
  float *p = A;
  for (int i = 0; i < n; i++) {
    // MODIFIED: print-ir-pointer-views.c:[[@LINE-2]]:10: error: local pointer 'p' is assigned, incremented or has its address taken after its declaration; looptile supports a pointer local that keeps the address it is initialised with (index the array instead)
    *p = 0.0f;
    p++;
  }
}
#endif

#ifdef INDIRECT
void indirect(int n, float *A, const int *idx) {
  for (int i = 0; i < n; i++) {
    // INDIRECT: print-ir-pointer-views.c:[[@LINE+1]]:20: error: non-affine pointer offset 'idx[i]': it reads an array element (indirect access)
    float *p = A + idx[i];
    p[0] = 1.0f;
  }
}
#endif

#ifdef CAST
void cast(int n, float *A) {
  for (int i = 0; i < n; i++) {
    // CAST: print-ir-pointer-views.c:[[@LINE+1]]:28: error: pointer '(unsigned char *)A' is not an address in an array parameter or local array; looptile supports an array, a row of one ('A[i]'), an element's address ('&A[k]') or a pointer local initialised with one, plus or minus an affine offset
    unsigned char *bytes = (unsigned char *)A;
    bytes[i] = 0;
  }
}
#endif
