/* Reads at subscripts computed from data (run-computed-gathers-pocl.test):
   gathers whose index is the expression itself. */

/* Bilinear resize: the source row and column come from float
   coordinates, clamped to the image. */
void resize_bilinear(int sw, int sh, const float src[sh * sw], float *dst,
                     int dw, int dh) {
  if (sw <= 0 || sh <= 0 || dw <= 0 || dh <= 0)
    return;
  const float sx = (float)sw / (float)dw;
  const float sy = (float)sh / (float)dh;
  for (int y = 0; y < dh; y++) {
    float fy = (y + 0.5f) * sy - 0.5f;
    if (fy < 0.0f)
      fy = 0.0f;
    int y0 = (int)fy;
    if (y0 > sh - 1)
      y0 = sh - 1;
    int y1 = y0 + 1 < sh ? y0 + 1 : sh - 1;
    float wy = fy - (float)y0;
    for (int x = 0; x < dw; x++) {
      float fx = (x + 0.5f) * sx - 0.5f;
      if (fx < 0.0f)
        fx = 0.0f;
      int x0 = (int)fx;
      if (x0 > sw - 1)
        x0 = sw - 1;
      int x1 = x0 + 1 < sw ? x0 + 1 : sw - 1;
      float wx = fx - (float)x0;
      float top = src[y0 * sw + x0] * (1.0f - wx) + src[y0 * sw + x1] * wx;
      float bot = src[y1 * sw + x0] * (1.0f - wx) + src[y1 * sw + x1] * wx;
      dst[y * dw + x] = top * (1.0f - wy) + bot * wy;
    }
  }
}

/* A lookup table indexed by a quantised value, in a 2-D table's row. */
void tone_map(int n, int levels, const float x[n],
              const float lut[4][levels], float y[n]) {
  for (int i = 0; i < n; i++) {
    float v = x[i] < 0.0f ? 0.0f : (x[i] > 1.0f ? 1.0f : x[i]);
    int q = (int)(v * (float)(levels - 1));
    y[i] = lut[i % 4 == 0 ? 0 : 1][q];
  }
}

/* The pairs: the table as a pointer (its extent unknown), and a computed
   subscript on an array the function writes. */
void no_extent(int n, const float *x, const float *lut, float *y) {
  for (int i = 0; i < n; i++)
    y[i] = lut[(int)(x[i] * 8.0f)];
}
void written(int n, float a[n], const float x[n]) {
  for (int i = 0; i < n; i++)
    a[i] = a[(int)x[i]] + 1.0f;
}
