/* Clamp-to-edge borders: reads at conditional subscripts (the MIN and MAX
   macros expand to ?:). clamp-subscripts.test. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP(v, lo, hi) MIN(MAX(v, lo), hi)

void blur_rows(int h, int w, const float in[h][w], float out[h][w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y][x] = 0.25f * in[y][MAX(x - 1, 0)] + 0.5f * in[y][x] +
                  0.25f * in[y][MIN(x + 1, w - 1)];
}

/* Both coordinates clamped: 4 conditionals, 16 reads. */
void box_corner(int h, int w, const int in[h][w], int out[h][w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y][x] = in[y][x] + in[CLAMP(y + 1, 0, h - 1)][CLAMP(x + 1, 0, w - 1)];
}

/* The clamp inside a sum of subscripts. */
void blur_up(int h, int w, const float in[h * w], float out[h * w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      out[y * w + x] = 0.5f * in[MAX(y - 1, 0) * w + x] + 0.5f * in[y * w + x];
}

/* The clamp with a size check: reads past the array where h > n. */
void shifted(int n, int h, const float in[n], float out[h]) {
  for (int y = 0; y < h; y++)
    out[y] = in[MIN(y + 1, h - 1)];
}

/* Clamped index temporaries. */
void blur_temps(int h, int w, const float in[h][w], float out[h][w]) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      const int xm = MAX(x - 1, 0);
      int xp = MIN(x + 1, w - 1);
      out[y][x] = 0.25f * in[y][xm] + 0.5f * in[y][x] + 0.25f * in[y][xp] +
                  0.0f * xm;
    }
}
