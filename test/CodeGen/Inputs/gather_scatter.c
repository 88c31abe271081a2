// Elements that data selects (run-gather-scatter-pocl.test): a gather
// x[col[...]] (sparse matrix-vector product in ELL form) and a scatter
// h[bin[i]] (a histogram) are refused with their rewrites, which follow,
// accepted: a loop over the elements, each accessed where the index
// selects it.
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
