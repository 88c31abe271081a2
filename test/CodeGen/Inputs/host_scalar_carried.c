// The scalar c is written inside the time loop (by one iteration of a
// parallel loop) and read by the next step's first kernel: a value carried
// across host iterations that a kernel of many work-items writes. Refused.
void scalar_carried(int T, int N, float A[N], float B[N]) {
  float c = 1.0f;
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      B[i] = c * A[i];
    for (int i = 0; i < N; i++)
      if (i == 0)
        c = B[N - 1];
  }
}
