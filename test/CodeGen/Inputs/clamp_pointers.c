/* Clamp-to-edge borders on flat pointers whose extents are not declared
   (run-clamp-pointers-pocl.test): each read at a clamped subscript is the
   `?:` of two reads, each inside its arm's affine condition, so the
   extent comes from where each arm runs. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP(v, lo, hi) MIN(MAX(v, lo), hi)

/* A 5-tap binomial blur along rows: an initialised local array and a
   clamped index temporary. */
void blur5(int h, int w, const float *in, float *out) {
  const float g[5] = {1, 4, 6, 4, 1};
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      float acc = 0.0f;
      for (int k = 0; k < 5; k++) {
        int xx = CLAMP(x + k - 2, 0, w - 1);
        acc += g[k] * in[y * w + xx];
      }
      out[y * w + x] = acc / 16.0f;
    }
}

/* The first and the last column: in[y*w] and in[y*w + w - 1]. */
void edge_rows(int h, int w, const float *restrict in, float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + MAX(x - 1, 0)] - in[y * w + MIN(x + 1, w - 1)];
}

/* Both coordinates clamped: the last row's reads are in[(h - 1)*w + ...]. */
void box_flat(int h, int w, const int *restrict in, int *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[CLAMP(y + 1, 0, h - 1) * w + CLAMP(x - 1, 0, w - 1)] +
                       in[y * w + x];
}

/* One dimension: the next element, or this one at the end. */
void next_or_self(int n, const float *restrict a, float *restrict b) {
  for (int i = 0; i < n; i++)
    b[i] = i < n - 1 ? a[i + 1] : a[i];
}

/* A clamp that leaves the row: MIN(x + 1, w) reads in[h*w] on the last
   row, so the C needs h*w + 1 elements, and that is the extent. */
void clamp_past(int h, int w, const float *restrict in, float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + MIN(x + 1, w)];
}

/* The pair: a clamp chosen by data; its reads may not run, so they say
   nothing about the size of 'in'. */
void clamp_on_data(int h, int w, const float *restrict m,
                   const float *restrict in, float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = in[y * w + (m[y * w + x] > 0.0f ? x : 0)];
}
