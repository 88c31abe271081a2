/* A dot product returned by the function (a whole-nest reduction). */
float dot(int n, const float *restrict x, const float *restrict y) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}
