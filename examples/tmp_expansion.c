/* Lecture 04, "Loop Distribution May Require Array Expansion": the scalar
 * tmp is written before it is read in every iteration, so it is private;
 * distributing the loop requires expanding it into an array tmp[N]. */
void tmp_expansion(int N, float A[N], float B[N]) {
  float tmp;
  for (int i = 2; i < N; i++) {
    tmp = 2.0f * B[i - 2];
    A[i] = tmp;
    B[i] = tmp + B[i - 1];
  }
}
