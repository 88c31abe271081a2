/* Reductions over the rows of each column: the parallel loop j is the
   arrays' fast dimension (column-reduction.test). */
void col_mean(int R, int C, const float A[R][C], float mean[C]) {
  for (int j = 0; j < C; j++) {
    float s = 0.0f;
    for (int i = 0; i < R; i++)
      s += A[i][j];
    mean[j] = s / R;
  }
}

void col_var(int R, int C, const float A[R][C], const float mean[C],
             float var[C]) {
  for (int j = 0; j < C; j++) {
    float s = 0.0f;
    for (int i = 0; i < R; i++)
      s += (A[i][j] - mean[j]) * (A[i][j] - mean[j]);
    var[j] = s / R;
  }
}

/* Into an array element, from 1: PolyBench's covariance mean. */
void col_sum_into(int R, int C, const double D[R][C], double out[C]) {
  for (int j = 0; j < C; j++) {
    out[j] = 0.0;
    for (int i = 1; i < R; i++)
      out[j] += D[i][j];
  }
}

/* An integer maximum by comparison, exact in any order. */
void col_max(int R, int C, const int A[R][C], int best[C]) {
  for (int j = 0; j < C; j++) {
    int m = A[0][j];
    for (int i = 1; i < R; i++)
      m = A[i][j] > m ? A[i][j] : m;
    best[j] = m;
  }
}
