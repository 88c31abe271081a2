#include <math.h>

/* Softmax over the rows of an n x m matrix, written with row pointers. */
void softmax_rows(int n, int m, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) {
    const float *xr = x + i * m;
    float *yr = &y[i * m];
    float mx = xr[0];
    for (int j = 1; j < m; j++)
      mx = fmaxf(mx, xr[j]);
    float sum = 0.0f;
    for (int j = 0; j < m; j++) {
      yr[j] = expf(xr[j] - mx);
      sum += yr[j];
    }
    for (int j = 0; j < m; j++)
      *(yr + j) /= sum;
  }
}

/* A 5-point blur of the interior, each row through pointers to the rows of
   a 2-D array. */
void blur_rows(int h, int w, const float in[h][w], float out[h][w]) {
  for (int y = 1; y < h - 1; y++) {
    const float *up = in[y - 1], *mid = in[y], *down = in[y + 1];
    float *o = out[y];
    for (int x = 1; x < w - 1; x++)
      o[x] = (up[x] + mid[x - 1] + mid[x] + mid[x + 1] + down[x]) * 0.2f;
  }
}
