// A dot product returned through an output parameter: s is initialised
// outside the loop and stored after it. The loop is a reduction, which has
// no parallel NDRange mapping: refused without --single-work-item, with
// the reduction named; with it, one work-item runs the statements and the
// loop.
void dot(int N, const float x[N], const float y[N], float r[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += x[i] * y[i];
  r[0] = s;
}
