// Legal: t is private in loop i (written before it is read in every
// iteration) and read after i (C[o] = t), so distributing i expands it along
// i and copies the value of i's last iteration, t_x[N - 1], back into t.
// --expand t:i selects the same loop by hand.
// RUN: %looptile %s --distribute i | FileCheck %s
// RUN: %difftest %s -- --distribute i
// RUN: %looptile %s --expand t:i | FileCheck %s --check-prefix=SELECT
// RUN: %difftest %s -- --expand t:i
void last(int N, const float B[N], float A[N], float C[N], float D[N]) {
  for (int o = 0; o < N; o++) {
    float t = 0.0f;
    for (int i = 0; i < N; i++) {
      t = B[i] * 2.0f;
      A[i] = t;
      D[i] = t + 1.0f;
    }
    C[o] = t;
  }
}
// CHECK-NOT: error
// CHECK:          float (*t_x) = __builtin_malloc(sizeof(float) * MAX(N, 1));
// CHECK-NEXT:     float t = 0.0f;
// CHECK-NEXT:     for (int i = 0; i < N; i++) {
// CHECK-NEXT:       t_x[i] = B[i] * 2.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int i = 0; i < N; i++) {
// CHECK-NEXT:       A[i] = t_x[i];
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int i = 0; i < N; i++) {
// CHECK-NEXT:       D[i] = t_x[i] + 1.0f;
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:       t = t_x[i_out];
// CHECK-NEXT:     }
// CHECK-NEXT:     C[o] = t;
// SELECT:           t_x[i] = B[i] * 2.0f;
// SELECT-NEXT:      A[i] = t_x[i];
// SELECT-NEXT:      D[i] = t_x[i] + 1.0f;
// SELECT-NEXT:    }
// SELECT-NEXT:    for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// SELECT-NEXT:      t = t_x[i_out];
