/* Loop bounds that are products of sizes, and index temporaries that are
   a min or max as bounds (run-product-bounds-pocl.test). */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/* Interleaved RGB to gray over the image as one flat loop. */
void rgb_to_gray(const unsigned char *rgb, float *gray, int width,
                 int height) {
  int n = width * height;
  for (int i = 0; i < n; i++) {
    float r = rgb[3 * i + 0];
    float g = rgb[3 * i + 1];
    float b = rgb[3 * i + 2];
    gray[i] = 0.299f * r + 0.587f * g + 0.114f * b;
  }
}

/* A centred moving average whose window shrinks at the ends. */
void moving_average(int n, int r, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++) {
    int lo = MAX(i - r, 0);
    int hi = MIN(i + r, n - 1);
    float s = 0.0f;
    for (int j = lo; j <= hi; j++)
      s += x[j];
    y[i] = s / (float)(hi - lo + 1);
  }
}

/* The pairs: a loop variable in the product, and a temporary that is a
   conditional but not a min or max. */
void triangle_product(int n, float *restrict a) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i * n; j++)
      a[j] += 1.0f;
}
void not_a_min(int n, int m, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++) {
    int hi = i > m ? n : m;
    for (int j = 0; j < hi; j++)
      y[i] += x[0];
  }
}

/* Min and max helper functions of the file bound loops as MIN and MAX do
   (before: "loop bound depends on 'hi'"), over a pointer whose extent the
   bounds' constant side gives. */
static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return b < a ? a : b; }
void window_helper(const float *x, float *y, int n, int r) {
  if (n <= 0)
    return;
  for (int i = 0; i < n; i++) {
    int lo = imax(i - r, 0);
    int hi = imin(i + r, n - 1);
    float s = 0.0f;
    for (int j = lo; j <= hi; j++)
      s += x[j];
    y[i] = s / (float)(hi - lo + 1);
  }
}

/* Its pairs: a max helper as an upper bound (not convex), and a helper
   that is no min or max. */
void window_max_upper(int n, int r, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++) {
    int hi = imax(i + r, n - 1);
    for (int j = i; j <= hi && j < n; j++)
      y[i] += x[j];
  }
}
static inline int iplus(int a, int b) { return a < b ? a + 1 : b; }
void window_not_min(int n, int r, const float x[n], float y[n]) {
  for (int i = 0; i < n; i++) {
    int hi = iplus(i + r, n - 1);
    for (int j = i; j <= hi; j++)
      y[i] += x[j];
  }
}

/* The same product bounding an unsigned loop and an int loop: each has the
   check of its own type's limit. */
void two_types(unsigned w, unsigned h, float *restrict a, float *restrict b) {
  for (unsigned i = 0; i < w * h; i++)
    a[i] = 1.0f;
  for (int j = 0; j < w * h; j++)
    b[j] = 2.0f;
}
