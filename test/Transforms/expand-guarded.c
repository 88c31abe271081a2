// Array expansion with guarded writes. An affine guard is part of the
// writes' domains, so coverage is exact: T is written by the two branches of
// an if/else, which together cover every element the second loop reads, and
// the copy-out replays each branch's write under its guard. A write guarded
// by a condition on data may not happen: it covers nothing, and the same
// expansion is refused.
// RUN: %looptile %s --function branches --expand T | FileCheck %s
// RUN: %difftest %s --function branches -- --function branches --expand T
// RUN: %difftest %s --function branches -- --function branches --expand T --distribute i
// RUN: not %looptile %s --function on_data --expand T 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: not %looptile %s --function live_scalar --expand t 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: %difftest %s --function live_scalar -- --function live_scalar --strip-mine i=3

void branches(int N, int M, int K, const float X[N][M], float T[M],
              float Y[N][M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) {
      if (j < K)
        T[j] = X[i][j];
      else
        T[j] = -X[i][j];
    }
    for (int j = 0; j < M; j++)
      Y[i][j] = T[j] + T[M - 1 - j];
  }
}
// CHECK-NOT: error
// CHECK:      float (*T_x)[MAX(M, 1)] = __builtin_malloc(sizeof(float) * MAX(N, 1) * MAX(M, 1));
// CHECK:            if (j <= K - 1) {
// CHECK-NEXT:         T_x[i][j] = X[i][j];
// CHECK-NEXT:       }
// CHECK-NEXT:       if (j >= K) {
// CHECK-NEXT:         T_x[i][j] = -X[i][j];
// CHECK-NEXT:       }
// The copy-out replays both writes under their guards.
// CHECK:        for (int i_out = MAX(0, N - 1); i_out < N; i_out++) {
// CHECK-NEXT:     for (int j_out = 0; j_out < M; j_out++) {
// CHECK-NEXT:       if (j_out <= K - 1) {
// CHECK-NEXT:         T[j_out] = T_x[i_out][j_out];
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     for (int j_out_ = 0; j_out_ < M; j_out_++) {
// CHECK-NEXT:       if (j_out_ >= K) {
// CHECK-NEXT:         T[j_out_] = T_x[i_out][j_out_];
// CHECK-NEXT:       }

void on_data(int N, int M, const float X[N][M], float T[M], float Y[N][M]) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      if (X[i][j] > 0.0f)
        T[j] = X[i][j];
    for (int j = 0; j < M; j++)
      Y[i][j] = T[j];
  }
}
// DATA: error: cannot expand 'T' along loop 'i': the read 'T[j]' in S1 may see a value written in an earlier iteration of loop 'i' (e.g. N = 2, M = 1: i = 1, j = 0), not one written earlier in the same iteration of 'i' (flow dependence S0 -> S1 on 'T', direction (<))

void live_scalar(int N, const float X[N], float Y[N], float S[1]) {
  float t = 0.0f;
  for (int i = 0; i < N; i++) {
    if (i % 2 == 0)
      t = X[i];
    if (i % 2 == 0)
      Y[i] = t;
  }
  S[0] = t;
}
// SCALAR: error: cannot expand 't': 't' is live after loop 'i' and S1 writes it only when 'i % 2 == 0' holds; the last iteration may not write it, so its value cannot be copied out
