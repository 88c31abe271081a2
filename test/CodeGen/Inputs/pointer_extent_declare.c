// Pointer parameters whose extent looptile cannot infer, each refused with
// the declaration that is accepted (run-pointer-extent-declare-pocl.test),
// and that declaration.

// A write under a condition on data: its reach is no evidence of the
// array's size.
void mag_thresh(int h, int w, const float *restrict g, float *restrict mag) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (g[y * w + x] > 0.5f)
        mag[y * w + x] = g[y * w + x];
}
void mag_thresh_declared(int h, int w, const float *restrict g,
                         float mag[h * w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      if (g[y * w + x] > 0.5f)
        mag[y * w + x] = g[y * w + x];
}

// Two reaches, n and m, neither the larger for every size.
void two_lengths(int n, int m, const float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    b[i] = a[i];
  for (int j = 0; j < m; j++)
    b[j] += 1.0f;
}
void two_lengths_declared(int n, int m, long len, const float a[n],
                          float b[len]) {
  for (int i = 0; i < n; i++)
    b[i] = a[i];
  for (int j = 0; j < m; j++)
    b[j] += 1.0f;
}
