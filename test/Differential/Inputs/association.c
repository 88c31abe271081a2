/* Association-sensitive floating point: every statement gives a different
   result when its right operand's parentheses are dropped. The inputs are
   in [0.5, 1.5). */
void association(int N, float a[N], float s[N], const float b[N],
                 const float c[N]) {
  for (int i = 0; i < N; i++) {
    /* -1e8f + b[i] rounds to -1e8f (b < half an ulp of 1e8f), so the sum
       is 0; (1e8f + -1e8f) + b[i] would be b[i]. */
    a[i] = 1e8f + (-1e8f + b[i]);
    /* 1e30f * (1e30f * (b * 1e-30f)) is about 1e30; (1e30f * 1e30f) * ...
       overflows to infinity. */
    s[i] = 1e30f * (1e30f * (c[i] * 1e-30f));
    /* x - (y - z) is not x - y - z. */
    a[i] = a[i] - (1e8f - (1e8f + c[i]));
    /* x / (y * (z * w)): the divisor overflows only when grouped left. */
    s[i] = s[i] / (1e30f * (1e30f * (c[i] * 1e-30f)));
  }
}
