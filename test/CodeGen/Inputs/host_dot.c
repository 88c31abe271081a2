// A dot product returned through an output parameter: s is initialised
// outside the loop and stored after it. The loop is a reduction: a
// work-group tree reduction between the one-work-item kernels of the
// statements around it (--single-work-item runs each in one work-item).
// The stored value is the C's, within the reordered-sum tolerance.
void dot(int N, const float x[N], const float y[N], float r[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += x[i] * y[i];
  r[0] = s;
}
