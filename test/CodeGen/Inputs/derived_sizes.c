/* Sizes the function computes with a division or remainder before its
   loops (run-derived-sizes-pocl.test). */
#include <float.h>
#include <stddef.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Downsample by 2: the output's sizes are the input's halved, and bound
   the loops and the output's rows. */
void downsample2x(const float *in, float *out, int in_w, int in_h) {
  int out_w = in_w / 2;
  int out_h = in_h / 2;
  for (int y = 0; y < out_h; y++)
    for (int x = 0; x < out_w; x++) {
      int sx = 2 * x, sy = 2 * y;
      out[y * out_w + x] = 0.25f * (in[sy * in_w + sx] + in[sy * in_w + sx + 1] +
                                    in[(sy + 1) * in_w + sx] +
                                    in[(sy + 1) * in_w + sx + 1]);
    }
}

/* 2x2 max pooling over channels: planes addressed through pointers, the
   derived sizes in products. */
void maxpool2x2(const float *in, float *out, int channels, int h, int w) {
  int out_h = h / 2;
  int out_w = w / 2;
  for (int c = 0; c < channels; c++) {
    const float *plane = in + c * h * w;
    float *oplane = out + c * out_h * out_w;
    for (int oy = 0; oy < out_h; oy++)
      for (int ox = 0; ox < out_w; ox++) {
        int iy = oy * 2, ix = ox * 2;
        float m = -FLT_MAX;
        m = MAX(m, plane[iy * w + ix]);
        m = MAX(m, plane[iy * w + ix + 1]);
        m = MAX(m, plane[(iy + 1) * w + ix]);
        m = MAX(m, plane[(iy + 1) * w + ix + 1]);
        oplane[oy * out_w + ox] = m;
      }
  }
}

/* Decimation by a size: the division runs only after the early return,
   so factor = 0 is a valid call that computes nothing. */
void decimate(const float *in, int n, float *out, int factor) {
  if (factor <= 0)
    return;
  int out_n = n / factor;
  float inv = 1.0f / (float)factor;
  for (int i = 0; i < out_n; i++) {
    float sum = 0.0f;
    for (int k = 0; k < factor; k++)
      sum += in[i * factor + k];
    out[i] = sum * inv;
  }
}

/* A remainder and unsigned sizes: the tail of a vector past its last full
   block of 4. */
void tail_scale(size_t n, float *restrict x) {
  size_t rem = n % 4;
  size_t start = n - rem;
  for (size_t i = 0; i < rem; i++)
    x[start + i] *= 2.0f;
}

/* A product in the division: computed in int, in C as in the manifest's
   check, which refuses the sizes where it overflows. */
void pair_sums(const float *in, float *out, int w, int h) {
  int n = w * h / 2;
  for (int i = 0; i < n; i++)
    out[i] = in[2 * i] + in[2 * i + 1];
}

/* A size whose name OpenCL reserves (half, renamed half_2): the facts of
   its quotient are renamed with it. */
void renamed_size(const float *in, float *out, int half, int h) {
  int q = half / 2;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < q; x++)
      out[y * q + x] = in[y * half + 2 * x] + in[y * half + 2 * x + 1];
}

/* The pairs: an unsigned difference in the division (it wraps below zero
   in C), and a quotient of a loop variable. */
void unsigned_difference(size_t n, float *restrict x) {
  size_t half = (n - 1) / 2;
  for (size_t i = 0; i < half; i++)
    x[i] = 1.0f;
}
void loop_quotient(int n, float *restrict x) {
  for (int i = 0; i < n; i++) {
    int q = i / 2;
    x[q] += 1.0f;
  }
}

/* A size of either sign: read only as a value, it is computed as the C
   computes it, negative included (fuzz finding
   opencl-derived-size-negative.c); bounding a loop, the analyses take it
   to be >= 0 and the runtime refuses the sizes that make it negative. */
void value_offset(int n, int *restrict out) {
  int t = -n % 9;
  for (int i = 0; i < n; i++)
    out[i] = (t + 9) / 8 % 16 + i;
}
void bound_offset(int n, float *restrict out) {
  int t = (n - 5) / 2;
  for (int i = 0; i < t; i++)
    out[i] = 1.0f;
}
