// Legal: s is written before it is read in every iteration (private: no
// dependence on s is carried by i that reads another iteration's value), so it
// is expanded into s_x[N]; s is read after the loop, so its last value,
// s_x[N - 1], is copied out (by a loop over the last value of i only, with
// its own variable i_out so that `i` still selects one loop).
// RUN: %looptile %s --expand s | FileCheck %s
// RUN: %difftest %s -- --expand s
// RUN: %difftest %s -- --distribute
void live(int N, const float A[N], float B[N], float C[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++) {
    s = A[i] * 2.0f;
    B[i] = s + B[i];
  }
  C[0] = s;
}
// CHECK-NOT: error
// CHECK:        float (*s_x) = __builtin_malloc(sizeof(float) * MAX(N, 1));
// CHECK:        for (int i = 0; i < N; i++) {
// CHECK-NEXT:     s_x[i] = A[i] * 2.0f;
// CHECK-NEXT:     B[i] = s_x[i] + B[i];
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:     s = s_x[i_out];
// CHECK-NEXT:   }
// CHECK-NEXT:   C[0] = s;
