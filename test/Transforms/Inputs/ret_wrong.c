/* A wrong "transformation" of return-value-difftest.c's dot: it drops the
 * last term, so only the returned value differs. */
float dot(int n, const float a[n], const float b[n]) {
  float s = 0.0f;
  for (int i = 0; i < n - 1; i++)
    s += a[i] * b[i];
  return s;
}
