// Host loops of other forms: long loop variables (the kernels take them as
// long), a downward loop (back substitution: x[k] is final when step k
// reads it) and a loop with step 3.
void loop_forms(long T, long N, float A[N], float B[N], float U[N][N],
                float x[N]) {
  for (long t = 0; t < T; t++) {
    for (long i = 1; i < N - 1; i++)
      B[i] = 0.5f * (A[i - 1] + A[i + 1]);
    for (long i = 1; i < N - 1; i++)
      A[i] = B[i] + (float)t;
  }
  for (long k = N - 1; k >= 0; k--)
    for (long i = 0; i < k; i++)
      x[i] = x[i] - U[i][k] * x[k];
  for (long t = 1; t < T; t += 3)
    for (long i = 0; i < N; i++)
      A[i] = A[i] * 0.5f + (float)t;
}
