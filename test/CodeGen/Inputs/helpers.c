// Calls to the file's own helper functions, inlined by looptile (README,
// "What the frontend accepts"). run-helpers-pocl.test validates each
// function on PoCL.
#include <math.h>

// Black-Scholes' cumulative normal distribution: locals, a guarded
// assignment to one of them, math calls; called twice per element.
static float cnd(float d) {
  const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
              A4 = -1.821255978f, A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = RSQRT2PI * expf(-0.5f * d * d) *
            (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0)
    c = 1.0f - c;
  return c;
}

void black_scholes(int n, float call[n], float put[n], const float S[n],
                   const float X[n], const float T[n], float r, float v) {
  for (int i = 0; i < n; i++) {
    float sqrtT = sqrtf(T[i]);
    float d1 = (logf(S[i] / X[i]) + (r + 0.5f * v * v) * T[i]) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float e = expf(-r * T[i]);
    call[i] = S[i] * cnd(d1) - X[i] * e * cnd(d2);
    put[i] = X[i] * e * (1.0f - cnd(d2)) - S[i] * (1.0f - cnd(d1));
  }
}

// A pointer parameter stands for its argument (a row of 'in') and an
// unchanged int parameter for its affine value: the reads are in[y][x - 1]
// ... in[y][x + 1], exact, so both loops stay parallel.
static inline float at(const float *row, int x) { return row[x]; }
static float avg3(float a, float b, float c) { return (a + b + c) / 3.0f; }

void blur_rows(int h, int w, const float in[h][w], float out[h][w]) {
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = avg3(at(in[y], x - 1), at(in[y], x), at(in[y], x + 1));
}

// The result is converted to the helper's return type, as in C: 'third'
// computes in double and returns a float, so 'out' holds float values
// widened to double (not x / 3 in double).
static float third(double x) { return x / 3; }
static int clampi(int v, int lo, int hi) {
  int r = v;
  if (r < lo)
    r = lo;
  if (r > hi)
    r = hi;
  return r;
}

// Called first with a constant (its parameter and local are index
// temporaries of values 3 and 6), then with an element: the second
// instance's 't' is a new local, not the first one's 6 (the generator's
// seed 272 found that).
static int twice(int x) {
  int t = x * 2;
  return t;
}

void narrow(int n, const double in[n], double out[n], const int q[n],
            int res[n]) {
  for (int i = 0; i < n; i++) {
    out[i] = third(in[i]) + 0.0;
    res[i] = clampi(q[i], -10, 10) * 2 + twice(3) + twice(q[i]);
  }
}

/* Early returns right before the last one: the value is c1 ? k1 : c2 ? k2
   : v, each condition and value evaluated only where C reaches it (the
   division by d never runs at d == 0). */
static inline float clamp01(float v) {
  if (v < 0.0f)
    return 0.0f;
  if (v > 1.0f)
    return 1.0f;
  return v;
}
static int safe_div(int n, int d) {
  int q0 = n * 2;
  if (d == 0) {
    return 0;
  }
  return q0 / d;
}
void gamma_clamp(int n, float *restrict px, float gain, const int num[n],
                 const int den[n], int out[n]) {
  for (int i = 0; i < n; i++) {
    px[i] = clamp01(px[i] * gain);
    out[i] = safe_div(num[i], den[i]);
  }
}
