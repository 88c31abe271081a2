// A scalar computed before a time loop and only read inside it: a
// one-work-item kernel writes it to a one-element temporary, which every
// launch of the first kernel reads.
void scalar_steps(int T, int N, float A[N], float B[N], float alpha) {
  float c = alpha * 0.5f;
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = c * (A[i - 1] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = B[i] + (float)t;
  }
}
