/* doitgen without the reset of sum: sum[p] accumulates over every (r, q),
   so each iteration reads the value the one before left (not private). */
void doitgen_carried(int nr, int nq, int np, double A[nr][nq][np],
                     const double C4[np][np], double sum[np]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++)
        for (int s = 0; s < np; s++)
          sum[p] += A[r][q][s] * C4[s][p];
      for (int p = 0; p < np; p++)
        A[r][q][p] = sum[p];
    }
}
