/* A 3x3 convolution over a padded image, written with index temporaries:
 * `const int o` for the output element, `int idx` for the input one, and a
 * file-scope constant for the filter size. */
static const int K = 3;

void conv(int h, int w, const float *restrict in, const float *restrict k,
          float *restrict out) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      const int o = y * w + x;
      float s = 0.0f;
      for (int ky = 0; ky < K; ky++)
        for (int kx = 0; kx < K; kx++) {
          int idx = (y + ky) * (w + 2) + (x + kx);
          s += in[idx] * k[ky * K + kx];
        }
      out[o] = s;
    }
}
