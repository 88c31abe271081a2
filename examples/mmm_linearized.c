/* Matrix multiplication with linearized pointer parameters, as every OpenCL
 * example of the lecture writes it: A is M x K, B is K x N, C is M x N, all
 * row-major. The subscripts i*K + k etc. are delinearized by the analysis. */
void mmm_linearized(int M, int N, int K, const float *restrict A,
                    const float *restrict B, float *restrict C) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float sum = 0.0f;
      for (int k = 0; k < K; k++)
        sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] = sum;
    }
}
