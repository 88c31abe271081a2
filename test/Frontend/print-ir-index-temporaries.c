// Index temporaries: an integer local initialised with an affine value of
// loop variables and sizes and never assigned again (`int idx = ...;`,
// `const int o = ...;`), and a file-scope `const` integer, are replaced by
// their value in subscripts, bounds and values; they are not memory. A
// chained assignment is split into statements, the inner one first. A
// pointer to an array parameter (`float (*a)[64]`) is an array parameter.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace
// RUN: not %looptile %s --function reassigned --print-ir -- -DREASSIGNED 2>&1 | FileCheck %s --check-prefix=REFUSED

static const int K = 3;

void conv(int h, int w, const float *restrict in, const float *restrict k,
          float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      const int o = y * w + x;
      float s = 0.0f;
      for (int ky = 0; ky < K; ky++)
        for (int kx = 0; kx < K; kx++) {
          int idx = (y + ky) * (w + 2) + (x + kx);
          s += in[idx] * k[ky * K + kx];
        }
      out[o] = s + (float)o;
    }
}

// CHECK:function conv(int h, int w, const float *restrict in, const float *restrict k, float *restrict out)  // line 12
// CHECK-NEXT:  local float s (declared in loop x)
// CHECK-NEXT:  for y in [0, h - 1] step 1  // line 14
// CHECK-NEXT:    for x in [0, w - 1] step 1  // line 15
// CHECK-NEXT:      S0: float s = 0.0f  // line 17
// CHECK-NEXT:        write s
// CHECK-NEXT:      for ky in [0, 2] step 1  // line 18
// CHECK-NEXT:        for kx in [0, 2] step 1  // line 19
// CHECK-NEXT:          S1: s += in[(w + 2)*y + (w + 2)*ky + x + kx] * k[3*ky + kx]  // line 21
// CHECK-NEXT:            read  in[(w + 2)*y + (w + 2)*ky + x + kx]
// CHECK-NEXT:            read  k[3*ky + kx]
// CHECK-NEXT:            read  s
// CHECK-NEXT:            write s
// CHECK-NEXT:      S2: out[y*w + x] = s + (float)(y * w + x)  // line 23
// CHECK-NEXT:        read  s
// CHECK-NEXT:        write out[y*w + x]

void chain(int n, const float A[n], float B[n], int C[n]) {
  float a1, a5;
  for (int i = 0; i < n; i++) {
    a1 = a5 = A[i];
    B[i] = C[i] = i;
    B[i] += a1 * a5;
  }
}

// CHECK:function chain(int n, const float A[n], float B[n], int C[n])  // line 44
// CHECK-NEXT:  local float a1 (function scope)
// CHECK-NEXT:  local float a5 (function scope)
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 46
// CHECK-NEXT:    S0: a5 = A[i]  // line 47
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      write a5
// CHECK-NEXT:    S1: a1 = a5  // line 47
// CHECK-NEXT:      read  a5
// CHECK-NEXT:      write a1
// CHECK-NEXT:    S2: C[i] = i  // line 48
// CHECK-NEXT:      write C[i]
// CHECK-NEXT:    S3: B[i] = (float)C[i]  // line 48
// CHECK-NEXT:      read  C[i]
// CHECK-NEXT:      write B[i]
// CHECK-NEXT:    S4: B[i] += a1 * a5  // line 49
// CHECK-NEXT:      read  a1
// CHECK-NEXT:      read  a5
// CHECK-NEXT:      read  B[i]
// CHECK-NEXT:      write B[i]

void ptr_arr(int n, float (*a)[64], const float (*b)[64]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 64; j++)
      a[i][j] = b[i][j] * 2.0f;
}

// CHECK:function ptr_arr(int n, float a[][64], const float b[][64])  // line 74
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 75
// CHECK-NEXT:    for j in [0, 63] step 1  // line 76
// CHECK-NEXT:      S0: a[i][j] = b[i][j] * 2.0f  // line 77
// CHECK-NEXT:        read  b[i][j]
// CHECK-NEXT:        write a[i][j]

#ifdef REASSIGNED
void reassigned(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    int idx = i;
    idx += 1;
    // REFUSED: print-ir-index-temporaries.c:[[@LINE+1]]:7: error: subscript depends on 'idx', which is assigned after its declaration; an integer local used in indices must be initialised once with an affine value of the loop variables and sizes (e.g. 'const int idx = i * n + j;')
    A[idx - 1] = 0.0f;
  }
}
#endif
