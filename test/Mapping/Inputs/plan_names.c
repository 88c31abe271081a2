/* A scalar parameter whose name OpenCL C reserves (`half`, a type) and a
 * returned sum: the plan renames the one and keeps the other in a
 * one-element buffer. */
float scale_sum(int n, float half, float *restrict x) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    x[i] = x[i] * half;
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
