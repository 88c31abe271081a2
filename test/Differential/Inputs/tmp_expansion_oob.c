/* A wrong strip-mining of examples/tmp_expansion.c whose last strip runs one
 * iteration too far (<= instead of <) and writes A[N] and B[N]. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void tmp_expansion(int N, float A[N], float B[N]) {
  float tmp;
  for (int ii = 2; ii < N; ii += 16)
    for (int i = ii; i <= MIN(ii + 15, N); i++) {
      tmp = 2.0f * B[i - 2];
      A[i] = tmp;
      B[i] = tmp + B[i - 1];
    }
}
