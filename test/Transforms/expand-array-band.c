// --expand NAME:LOOP,LOOP expands an array along a band of nested loops
// (outermost first): one copy per (r, q), subscripts [r][q] in front. sum
// is a parameter, so the last (r, q)'s values are copied out: the copy
// replays the last r's iterations of q in order (the last q's write wins).
// RUN: %looptile %s --expand sum:r,q --emit=c | FileCheck %s
// Its legality pair: a band whose array is also used between the loops
// (before q, in r) has no (r, q) copy for that access; a scalar has no band
// form; loops not nested outermost first are refused.
// RUN: not %looptile %s --expand t:r,q 2>&1 | FileCheck %s --check-prefix=BETWEEN
// RUN: not %looptile %s --expand x:r,q 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: not %looptile %s --expand sum:q,r 2>&1 | FileCheck %s --check-prefix=ORDER
void band(int nr, int nq, int np, double A[nr][nq][np],
          const double C4[np][np], double sum[np], double t[np]) {
  double x = 0.0;
  for (int r = 0; r < nr; r++) {
    t[0] = 1.0;
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = 0; p < np; p++) {
        t[p] = sum[p] + t[0];
        A[r][q][p] = t[p];
      }
    }
  }
  x = x + 1.0;
}
// CHECK:      double (*sum_x)[MAX(nq, 1)][MAX(np, 1)] = __builtin_malloc(sizeof(double) * MAX(nr, 1) * MAX(nq, 1) * MAX(np, 1));
// CHECK-NEXT: double x = 0.0;
// CHECK-NEXT: for (int r = 0; r < nr; r++) {
// CHECK:            sum_x[r][q][p] = 0.0;
// CHECK:              sum_x[r][q][p] += A[r][q][s] * C4[s][p];
// CHECK:            t[p] = sum_x[r][q][p] + t[0];
// CHECK:      for (int r_out = MAX(0, nr - 1); r_out < nr; r_out++) {
// CHECK-NEXT:   for (int q_out = 0; q_out < nq; q_out++) {
// CHECK-NEXT:     for (int p_out = 0; p_out < np; p_out++) {
// CHECK-NEXT:       sum[p_out] = sum_x[r_out][q_out][p_out];
// BETWEEN: expand-array-band.c:15:3: error: cannot expand 't' along loops 'r', 'q': 't' is also accessed in loop 'r' outside loop 'q'
// SCALAR: error: --expand x:r,q: expansion along several loops applies to arrays; 'x' is a scalar
// ORDER: error: --expand sum:q,r: the loops must be nested each directly in the one before it, outermost first
