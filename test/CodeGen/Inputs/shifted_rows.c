/* A linearized pointer whose largest subscript, (M - 2)*(K + 1) + K - 1, is
 * negative when the i loop does not run (M = 1): the derived extent
 * (M - 1)*(K + 1) - 1 must be clamped at 0, not refused. */
void shifted_rows(int M, int K, float *restrict A) {
  for (int i = 0; i < M - 1; i++)
    for (int k = 0; k < K; k++)
      A[i * (K + 1) + k] = 2.0f * A[i * (K + 1) + k] + 1.0f;
}
