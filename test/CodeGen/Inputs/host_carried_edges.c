/* Edge cases of scalars around host loops (a reviewer's findings). */

/* The host loop may run no iteration (M = 1): s keeps its initial value,
 * which the kernel before the loop must leave in s's device temporary. */
float zero_trip(int M, int N, float A[N], float B[N]) {
  float s = 5.0f;
  for (int k = 1; k < M; k++) {
    s = A[k];
    for (int i = 0; i < N; i++)
      B[i] += s;
  }
  return s;
}

/* The same inside a time loop: the inner host loop may run no iteration,
 * then C[t] is the value carried from the previous t. */
void zero_trip_steps(int T, int M, int N, float A[N], float B[N],
                     float C[T]) {
  float s = 5.0f;
  for (int t = 0; t < T; t++) {
    for (int k = 1; k < M; k++) {
      s = A[k];
      for (int i = 0; i < N; i++)
        B[i] += s;
    }
    C[t] = s;
    s = s + 1.0f;
  }
}

/* A mean, then a chaotic recurrence on it (the logistic map): a sum in
 * another order would be amplified past any tolerance, so the reduction
 * that starts the carried value keeps the C's order too. */
void mean_recurrence(int T, int N, float A[N], float B[N]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += A[i];
  s = s / N;
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      B[i] = B[i] * 0.5f + s;
    s = 3.9f * s * (1.0f - s);
  }
}
