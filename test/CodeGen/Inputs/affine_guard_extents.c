/* Pointer parameters accessed only under affine conditions that are not
   boxes (a border test, `j != i`, a `continue` on an index): the accesses
   run exactly where the conditions hold, so the extents are exact
   (run-affine-guard-extents-pocl.test). */
#include <math.h>

/* Sobel magnitude, the border set to 0 with a `continue`. */
void sobel(const float *img, float *out, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      if (y == 0 || x == 0 || y == h - 1 || x == w - 1) {
        out[y * w + x] = 0.0f;
        continue;
      }
      float gx = img[(y - 1) * w + x + 1] - img[(y - 1) * w + x - 1] +
                 2.0f * (img[y * w + x + 1] - img[y * w + x - 1]) +
                 img[(y + 1) * w + x + 1] - img[(y + 1) * w + x - 1];
      float gy = img[(y + 1) * w + x - 1] - img[(y - 1) * w + x - 1] +
                 2.0f * (img[(y + 1) * w + x] - img[(y - 1) * w + x]) +
                 img[(y + 1) * w + x + 1] - img[(y - 1) * w + x + 1];
      out[y * w + x] = sqrtf(gx * gx + gy * gy);
    }
}

/* Pairwise interactions that skip the particle itself. */
void pairs(const float *px, const float *m, float *ax, int n) {
  for (int i = 0; i < n; i++) {
    float a = 0.0f;
    for (int j = 0; j < n; j++) {
      if (j == i)
        continue;
      float d = px[j] - px[i];
      a += m[j] * d / (d * d + 0.01f);
    }
    ax[i] = a;
  }
}

/* A causal FIR filter: taps before the signal's start are skipped. */
void fir(const float *x, const float *taps, float *y, int n, int ntaps) {
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < ntaps; k++) {
      if (i - k < 0)
        continue;
      acc += taps[k] * x[i - k];
    }
    y[i] = acc;
  }
}

/* Only the interior is written: the border keeps the caller's values. */
void interior(const float *restrict in, float *restrict out, int w, int h) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 0; x < w; x++)
      if (x > 0 && x < w - 1)
        out[y * w + x] = in[y * w + x];
}

/* The pair: a `continue` on data; the read after it may not run, so its
   reach says nothing about the size of 'b'. */
void skip_on_data(const float *restrict a, const float *restrict b,
                  float *restrict c, int n) {
  for (int i = 0; i < n; i++) {
    c[i] = 0.0f;
    if (a[i] > 0.0f)
      continue;
    c[i] = b[i];
  }
}
