/* math.h's classification macros: isnan, isinf (glibc spells it
 * __builtin_isinf_sign: -1 for -inf), isfinite and isnormal, in values
 * and in conditions, on float and double. init_special fills the inputs
 * with NaN, +inf, -inf, subnormals, zeros and ordinary numbers. */
#include <float.h>
#include <math.h>

void init_special(int n, float x[n], double d[n]) {
  for (int i = 0; i < n; i++) {
    float v;
    switch (i % 7) {
    case 0: v = NAN; break;
    case 1: v = INFINITY; break;
    case 2: v = -INFINITY; break;
    case 3: v = FLT_MIN / 4; break;
    case 4: v = -0.0f; break;
    default: v = (float)i - 3.5f; break;
    }
    x[i] = v;
    d[i] = i % 5 == 0 ? -HUGE_VAL : (i % 5 == 1 ? (double)NAN : (double)i * 0.25);
  }
}

void classify(int n, const float x[n], const double d[n], int flags[n],
              float clean[n], double dclean[n]) {
  for (int i = 0; i < n; i++) {
    flags[i] = isnan(x[i]) + 2 * isinf(x[i]) + 8 * isfinite(x[i]) +
               16 * isnormal(x[i]) + 32 * isinf(d[i]) + 128 * isnan(d[i]);
    clean[i] = isfinite(x[i]) ? x[i] : 0.0f;
    dclean[i] = isnan(d[i]) || isinf(d[i]) ? 1.0 : d[i];
  }
}
