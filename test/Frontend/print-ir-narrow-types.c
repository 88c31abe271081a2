// Element types of every width and signedness. Implicit conversions (the
// promotion of unsigned char to int, an assignment's truncation) are not
// printed: the printed code has the same operand types and C applies them
// again. Explicit casts are kept, and a literal with a suffix (3u, 2L)
// becomes a cast to its type. A narrow integer parameter is a value, not a
// size. The emitted C compiles cleanly.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %looptile %s --emit=c > %t.c && %host_cc -std=c11 -Wall -Werror -c %t.c -o %t.o
// RUN: not %looptile %s --function narrow_size --print-ir -- -DNARROW_SIZE 2>&1 | FileCheck %s --check-prefix=SIZE

void pixels(int n, const unsigned char a[n], unsigned char b[n], short c[n],
            long long d[n], unsigned char t) {
  for (int i = 1; i + 1 < n; i++) {
    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
    c[i] = (short)(a[i] - 200) * 3u % 1000u + 'a';
    d[i] = (long long)c[i] * 2L + (a[i] > t);
  }
}

// CHECK:function pixels(int n, const unsigned char a[n], unsigned char b[n], short c[n], long long d[n], unsigned char t)  // line 11
// CHECK-NEXT:  for i in [1, n - 2] step 1  // line 13
// CHECK-NEXT:    S0: b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3  // line 14
// CHECK-NEXT:      read  a[i - 1]
// CHECK-NEXT:      read  a[i]
// CHECK-NEXT:      read  a[i + 1]
// CHECK-NEXT:      write b[i]
// CHECK-NEXT:    S1: c[i] = (short)(a[i] - 200) * (unsigned int)3 % (unsigned int)1000 + 97  // line 15
// CHECK-NEXT:      read  a[i]
// CHECK-NEXT:      write c[i]
// CHECK-NEXT:    S2: d[i] = (long long)c[i] * (long)2 + (a[i] > t)  // line 16
// CHECK-NEXT:      read  c[i]
// CHECK-NEXT:      read  a[i]
// CHECK-NEXT:      write d[i]

#ifdef NARROW_SIZE
void narrow_size(unsigned char n, float A[10]) {
  // SIZE: print-ir-narrow-types.c:[[@LINE+1]]:23: error: loop bound depends on 'n' of type 'unsigned char', which cannot be a size
  for (int i = 0; i < n; i++)
    A[i] = 0.0f;
}
#endif
