// Elements that data selects (run-gather-scatter-pocl.test): a gather
// x[col[...]] (sparse matrix-vector product in ELL form) is accepted; a
// scatter h[bin[i]] (a histogram) is refused with its rewrite, which
// follows, accepted: a loop over the elements, each written where the
// index selects it. So is a gather whose array or index array the function
// writes, and one through a computed index.
void spmv_ell(int n, int m, int K, const float val[n * K], const int col[n * K],
              const float x[m], float y[n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < K; k++)
      s += val[i * K + k] * x[col[i * K + k]];
    y[i] = s;
  }
}
void hist(int n, int bins, const int bin[n], int h[bins]) {
  for (int i = 0; i < n; i++)
    h[bin[i]] += 1;
}

void spmv_ell_rewritten(int n, int m, int K, const float val[n * K],
                        const int col[n * K], const float x[m], float y[n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int k = 0; k < K; k++) {
      float v = 0;
      for (int e = 0; e < m; e++)
        if (col[i * K + k] == e)
          v = x[e];
      s += val[i * K + k] * v;
    }
    y[i] = s;
  }
}
void hist_rewritten(int n, int bins, const int bin[n], int h[bins]) {
  for (int i = 0; i < n; i++)
    for (int e = 0; e < bins; e++)
      if (bin[i] == e)
        h[e] += 1;
}

// Refused: the gathered array is written in the function.
void gather_written(int n, int m, const int col[n], float x[m], float y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = x[col[i]];
  for (int j = 0; j < m; j++)
    x[j] = 0.0f;
}
// Refused: the index array is written in the function.
void index_written(int n, int m, int col[n], const float x[m], float y[n]) {
  for (int i = 0; i < n; i++) {
    y[i] = x[col[i]];
    col[i] = 0;
  }
}
// Refused: a computed index (col[i] + 1), and a gathered array without a
// declared extent.
void computed_index(int n, int m, const int col[n], const float x[m],
                    float y[n]) {
  for (int i = 0; i < n; i++)
    y[i] = x[col[i] + 1];
}
void pointer_gather(int n, const int *col, const float *x, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = x[col[i]];
}

// A row or a column that data selects in a flat subscript: refused with the
// two-dimensional read that is accepted, which follows each.
void embed_flat(int n, int vocab, int d, const float table[vocab * d],
                const int ids[n], float out[n][d]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < d; j++)
      out[i][j] = table[ids[i] * d + j];
}
void embed_rows(int n, int vocab, int d, const float table[vocab][d],
                const int ids[n], float out[n][d]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < d; j++)
      out[i][j] = table[ids[i]][j];
}
void pick_flat(int n, int nc, const float p[n * nc], const int labels[n],
               float out[n]) {
  for (int i = 0; i < n; i++)
    out[i] = p[i * nc + labels[i]];
}
void pick_rows(int n, int nc, const float p[n][nc], const int labels[n],
               float out[n]) {
  for (int i = 0; i < n; i++)
    out[i] = p[i][labels[i]];
}
