// Array expansion multiplies an array by the trip counts of the loops it is
// expanded along: T (48 x 48 floats, 9 KiB) expanded along i and j is
// 48^4 floats, 21 MB, more than a C stack holds. The C declares every local
// array of a variable size or of more than 64 KiB on the heap, freed at the
// end of its scope: the function's (T_x) or the loop's (W, a variable-size
// array declared in the body of r). Small constant arrays stay automatic
// (S). Campaign seeds 60180 and 60359: the automatic T_x crashed the C.
// RUN: %looptile %s --expand T:i,j --emit=c | FileCheck %s
// CHECK:      float S[4];
// CHECK-NEXT: float (*T_x)[48][48][48] = __builtin_malloc(sizeof(float) * 48 * 48 * 48 * 48);
// CHECK:      for (int r = 0; r < N; r++) {
// CHECK-NEXT:   float (*W) = __builtin_malloc(sizeof(float) * MAX(N + 1, 1));
// CHECK:        B[0] += W[r];
// CHECK-NEXT:   __builtin_free(W);
// CHECK-NEXT: }
// CHECK-NEXT: __builtin_free(T_x);
// CHECK-NEXT: }
//
// The transformed C runs (unoptimised, so that the stores to T_x stay) and
// gives the original's results bit for bit.
// RUN: %looptile %s --expand T:i,j --emit=c -o %t.xf.c
// RUN: %host_cc -std=gnu11 -O0 -Dacc=acc_xf -c %t.xf.c -o %t.xf.o
// RUN: %host_cc -std=gnu11 -O0 -Dacc=acc_orig -c %s -o %t.orig.o
// RUN: %host_cc -std=gnu11 -O0 %S/Inputs/expand_heap_main.c %t.xf.o %t.orig.o -o %t.exe
// RUN: %t.exe | FileCheck --check-prefix=SAME %s
// SAME: same results at N = 1, 5, 33
void acc(int N, const float A[N][48], float B[48]) {
  float T[48][48];
  float S[4];
  for (int i = 0; i < 48; i++) {
    for (int j = 0; j < 48; j++) {
      T[i][j] = A[0][j] * i;
      B[j] += T[i][j];
    }
  }
  for (int r = 0; r < N; r++) {
    float W[N + 1];
    for (int c = 0; c < 4; c++)
      S[c] = A[r][c];
    for (int c = 0; c < 48; c++)
      W[r] = A[r][c] + S[3];
    B[0] += W[r];
  }
}
