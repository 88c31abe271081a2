/* A declared extent that is a difference of sizes: A[N - K] is negative,
 * and the C function undefined, for K > N, though the loop then does not
 * run. */
void extent_difference(int N, int K, float A[N - K], const float B[N]) {
  for (int i = 0; i < N - K; i++)
    A[i] = 2.0f * B[i + K];
}
