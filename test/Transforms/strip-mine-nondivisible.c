// Legal: strip-mining never changes the execution order of the iterations
// (every direction vector keeps its entries, with the new ii entry '=' or the
// same as i's), so it is always legal; a size that does not divide the trip
// count N - 3 leaves a partial last strip bounded by MIN.
// RUN: %looptile %s --strip-mine i=16 | FileCheck %s
// RUN: %difftest %s -- --strip-mine i=16
// RUN: %looptile %s --strip-mine i=5 --print-after=all 2>&1 | FileCheck %s --check-prefix=PA
// RUN: %difftest %s -- --strip-mine i=5
void sm(int N, float A[N]) {
  for (int i = 3; i < N; i++)
    A[i] = A[i - 3] * 0.5f + A[i - 1];
}
// CHECK-NOT: error
// CHECK:      void sm(int N, float A[N]) {
// CHECK-NEXT:   for (int ii = 3; ii < N; ii += 16) {
// CHECK-NEXT:     for (int i = ii; i < MIN(ii + 16, N); i++) {
// CHECK-NEXT:       A[i] = A[i - 3] * 0.5f + A[i - 1];
// PA: --strip-mine i=5
// PA: for (int ii = 3; ii < N; ii += 5) {
// PA: for (int i = ii; i < MIN(ii + 5, N); i++) {
