/* Pointer parameters a caller may pass overlapping: shift writes a and
 * reads b; add only reads a and b. */
void shift(int n, float *a, const float *b) {
  for (int i = 0; i < n; i++)
    a[i] = b[i] + 1.0f;
}

void add(int n, const float *a, const float *b, float *c) {
  for (int i = 0; i < n; i++)
    c[i] = a[i] + b[i];
}
