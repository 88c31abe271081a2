/* Contractions whose sizes and loop variables are not int, and whose
   epilogue is a conditional expression: the tiled kernels take them
   (run-tiled-index-types-pocl.test). */
#include <stddef.h>

/* C = A * B^T, linearized, size_t indices. */
void abt(size_t M, size_t N, size_t K, const float *restrict A,
         const float *restrict B, float *restrict C) {
  for (size_t i = 0; i < M; i++)
    for (size_t j = 0; j < N; j++) {
      float acc = 0.0f;
      for (size_t k = 0; k < K; k++)
        acc += A[i * K + k] * B[j * K + k];
      C[i * N + j] = acc;
    }
}

/* Batched matrix product, size_t indices: the batch is dimension 2. */
void bmm(size_t Bt, size_t M, size_t N, size_t K, const float *restrict A,
         const float *restrict B, float *restrict C) {
  for (size_t b = 0; b < Bt; b++)
    for (size_t i = 0; i < M; i++)
      for (size_t j = 0; j < N; j++) {
        float acc = 0.0f;
        for (size_t k = 0; k < K; k++)
          acc += A[(b * M + i) * K + k] * B[(b * K + k) * N + j];
        C[(b * M + i) * N + j] = acc;
      }
}

/* A dense layer with bias and a ReLU written as a conditional expression. */
void dense_relu(int B, int I, int O, const float X[B][I], const float W[O][I],
                const float bias[O], float Y[B][O]) {
  for (int b = 0; b < B; b++)
    for (int o = 0; o < O; o++) {
      float acc = bias[o];
      for (int i = 0; i < I; i++)
        acc += X[b][i] * W[o][i];
      Y[b][o] = acc > 0.0f ? acc : 0.0f;
    }
}

/* long sizes and loop variables, 2-D arrays, double. */
void gemm_long(long M, long N, long K, const double A[M][K],
               const double Bm[K][N], double C[M][N]) {
  for (long i = 0; i < M; i++)
    for (long j = 0; j < N; j++) {
      double acc = 0.0;
      for (long k = 0; k < K; k++)
        acc += A[i][k] * Bm[k][j];
      C[i][j] = acc;
    }
}

/* unsigned indices, a transposition. */
void transpose_u(unsigned M, unsigned N, const float A[M][N], float T[N][M]) {
  for (unsigned j = 0; j < N; j++)
    for (unsigned i = 0; i < M; i++)
      T[j][i] = A[i][j];
}

/* The conditional's arm reads an array (a residual added only where the
   sum is positive): the read happens in some iterations only, so the
   staged, speculative tiles are not used. */
void relu_residual(int B, int I, int O, const float X[B][I],
                   const float W[O][I], const float R[B][O], float Y[B][O]) {
  for (int b = 0; b < B; b++)
    for (int o = 0; o < O; o++) {
      float acc = 0.0f;
      for (int i = 0; i < I; i++)
        acc += X[b][i] * W[o][i];
      Y[b][o] = acc > 0.0f ? acc + R[b][o] : 0.0f;
    }
}
