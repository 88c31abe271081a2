/* The parallel loop i runs once; its work-item writes s N times in the
   sequential loop j, then the next kernel reads the last value A[N-1], and
   the last nest uses s privately in each of its parallel iterations. */
void scinner(int N, const float A[N], float B[N], float C[N]) {
  float s;
  for (int i = 0; i < 1; i++)
    for (int j = 0; j < N; j++)
      s = A[j] + (float)i;
  for (int j = 0; j < N; j++) C[j] = B[j] - s;
  for (int i = 0; i < N; i++) {
    s = A[i] * 2.0f;
    B[i] = s + 1.0f;
  }
}
