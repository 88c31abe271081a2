/* Constants written through macros and with more digits than six: the
   emitted C must hold exactly the same values, with the same types. */
#define SCALE(x) ((x)*1e-10)
#define ALPHA 0.25f
/* PolyBench's SCALAR_VAL, in both of its definitions. */
#define SCALAR_VAL(x) x
#define SCALAR_VAL_F(x) x##f

void literals(int N, double d[N], float f[N], const double x[N],
              const float y[N]) {
  for (int i = 0; i < N; i++) {
    d[i] = SCALE(x[i]) + 0.333333333333333 * x[i];
    f[i] = ALPHA * y[i] + 0.1f;
    d[i] = d[i] + SCALAR_VAL(0.1) * x[i] + 1.0 / 3 + 0x1.5555555555555p-2;
    f[i] = f[i] * 16777217.0f + 1e-45f + 3.4028234e38f * 0.0f;
    f[i] = f[i] + (float)(0.1 * y[i]) + 0.1f * (float)0.1;
    f[i] = SCALAR_VAL_F(1.5) * f[i] - SCALAR_VAL_F(0.7);
  }
}
