/* `?:` choosing between reads: where the condition is affine in the loop
 * variables and sizes, each arm's read happens only where its side of the
 * condition holds, as in C. */
void clamp_next(int n, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    B[i] = i < n - 1 ? A[i + 1] : A[i];
}

void clamp_both(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = (i > 0 && j + 1 < m) ? A[i - 1][j + 1]
                                     : (i == 0 ? A[i][j] : A[i - 1][j]);
}

/* The same read, but the condition does not keep it inside A: A[n] at
 * i = n - 1. */
void overrun(int n, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    B[i] = i < n ? A[i + 1] : A[i];
}

/* A condition on data: the analysis cannot tell which arm reads, so both
 * count (A[n] at i = n - 1). */
void data_clamp(int n, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    B[i] = A[i] > 0.0f ? A[i + 1] : A[i];
}

/* Unsigned arithmetic in the condition: `n - 1u` wraps at n = 0, where
 * the loop runs no iteration, so the condition is read exactly. */
void unsigned_clamp(unsigned n, const float A[n], float B[n]) {
  for (unsigned i = 0; i < n; i++)
    B[i] = i < n - 1u ? A[i + 1u] : A[i];
}

/* Here `i - 1u` wraps at i = 0, the condition is false and the second arm
 * reads A[n]: read as integers, -1 < n would say it never runs. */
void unsigned_wraps(unsigned n, const float A[n], float B[n]) {
  for (unsigned i = 0; i < n; i++)
    B[i] = i - 1u < n ? A[i] : A[n];
}
