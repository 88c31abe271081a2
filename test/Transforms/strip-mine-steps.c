// Strip-mining is always legal (lecture 04): the tile loop steps by T times
// the loop's step and the point loop runs T of the original values from
// there, so a loop counting down or with step 3 keeps its values and order.
// Its twin: a loop starting at a max of two bounds cannot be strip-mined
// (the tile loop needs a single start value), which is refused.
// RUN: %looptile %s --strip-mine i=4,j=2 --function down | FileCheck %s
// RUN: %difftest %s --function down --flags="--strip-mine i=4,j=2 --function down"
// RUN: not %looptile %s --strip-mine k=4 --function twostarts 2>&1 | FileCheck %s --check-prefix=REFUSED
void down(int N, float A[N], const float B[N]) {
  for (int i = N - 1; i >= 0; i--)
    A[i] = B[i] * 2.0f;
  for (int j = 1; j < N; j += 3)
    A[j] = B[j] + A[j - 1];
}
// CHECK: for (int ii = N - 1; ii >= 0; ii -= 4) {
// CHECK-NEXT: for (int i = ii; i >= MAX(ii - 3, 0); i--) {
// CHECK: for (int jj = 1; jj < N; jj += 6) {
// CHECK-NEXT: for (int j = jj; j < MIN(jj + 4, N); j += 3) {

#define MAX(a, b) ((a) > (b) ? (a) : (b))
void twostarts(int N, int S, float A[N]) {
  for (int k = MAX(S, 0); k < N; k++)
    A[k] = 1.0f;
}
// REFUSED: strip-mine-steps.c:[[@LINE-3]]:3: error: cannot strip-mine: loop 'k' starts at a max of several bounds; a strip-mined loop needs a single start value
