/* A times B transposed with linearized pointers: both operands are read
   along the reduction (k fastest), as in a Gram matrix or a dense layer. */
void abt(int M, int N, int K, float *restrict C, const float *restrict A,
         const float *restrict B) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[j * K + k];
      C[i * N + j] = acc;
    }
}
