// Illegal twin of expand-scalar-copy-out-triangular.c: j runs from i to
// N - 2, so the last iteration i = N - 1 never writes s while earlier ones do
// (N >= 2): the value left after i is the one of iteration N - 2, which a
// copy from the last iteration cannot give. Refused with an instance isl
// found; distribution then keeps s's dependences (s is not expanded).
// RUN: not %looptile %s --expand s:i 2>&1 | FileCheck %s
void upper(int N, const float A[N][N], float B[N], float C[1]) {
  float s = 1.0f;
  for (int i = 0; i < N; i++) {
    for (int j = i; j < N - 1; j++)
      s = A[i][j];
    B[i] = 2.0f * B[i];
  }
  C[0] = s;
}
// CHECK: expand-scalar-copy-out-refused.c:9:3: error: cannot expand 's': 's' is read after loop 'i', and the last iteration of 'i' does not write it when an earlier iteration does (e.g. N = 2), so its final value cannot be copied out from the last iteration
// CHECK: looptile: error: --expand s:i refused; nothing was emitted
