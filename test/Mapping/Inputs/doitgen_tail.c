/* doitgen over the tail p >= r: sum is private to each (r, q), but the last
   r writes only sum[nr - 1 .. np - 1] while r = 0 writes all of it, so the
   parameter's final values cannot be copied out of the last iteration. */
void doitgen_tail(int nr, int nq, int np, double A[nr][nq][np],
                  const double C4[np][np], double sum[np]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = r; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      }
      for (int p = r; p < np; p++)
        A[r][q][p] = sum[p];
    }
}
