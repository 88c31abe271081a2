/* A function returning a sum, one returning a count, and statements outside
 * any loop before and after the loops. */
float sum(int n, const float *restrict A) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += A[i];
  return s;
}

int count_positive(int n, const int *restrict v) {
  int c = 0;
  for (int i = 0; i < n; i++)
    if (v[i] > 0)
      c++;
  return c;
}

void scale_squared(int n, float alpha, const float *restrict x,
                   float *restrict y, float *restrict last) {
  float a = alpha * alpha;
  for (int i = 0; i < n; i++)
    y[i] = a * x[i];
  *last = y[n - 1] + a;
}
