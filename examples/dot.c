/* A dot product: loop i only adds terms into s, a reduction with no
 * parallel loop. looptile makes it a work-group tree reduction
 * (docs/kernels.md, "Reductions"). */
float dot(int n, const float *restrict x, const float *restrict y) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
