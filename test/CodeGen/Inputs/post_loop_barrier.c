/* Tiled kernels whose statements after the tiles' loop hold a loop
   (run-post-loop-barrier-pocl.test). */

/* A contraction, then a loop over l in the same iteration
   (utils/fuzz/findings/pocl-block-tiled-post-loop.c). */
void post_loop(int N, int M, const int A[N][M], const int B[M][N],
               int C[N][N]) {
  for (int t = 0; t < N; t++)
    for (int e = 0; e < N; e++) {
      int acc = 0;
      for (int w = 0; w < M; w++)
        acc += A[t][w] * B[w][e];
      for (int l = 0; l < M; l++)
        acc -= A[t][l] % 7;
      C[t][e] = acc;
    }
}

/* A local array expanded along three loops, the tiles' loop writing it,
   then a loop over k (campaign seed 131657,
   utils/fuzz/findings/opencl-expanded-tile-guard.c). */
void expanded(int N, int A_tile[2*N + 3], int A[N][N + 2]) {
  for (int i = 0; i < 1; i++) {
    for (int j = 0; j <= N - 2; j++) {
      int w[N];
      for (int q = 0; q < N; q++) {
        w[0] = A_tile[j + q] % 97;
      }
      int ii_0 = 1;
      for (int k = 0; k < N; k++) {
        ii_0 -= 1;
      }
      A[i][j] = ii_0 % 1000;
    }
  }
}

/* Only a statement after the tiles' loop: no barrier before it. */
void post_stmt(int N, int M, const int A[N][M], const int B[M][N],
               int C[N][N]) {
  for (int t = 0; t < N; t++)
    for (int e = 0; e < N; e++) {
      int acc = 0;
      for (int w = 0; w < M; w++)
        acc += A[t][w] * B[w][e];
      C[t][e] = acc - A[t][0] % 7;
    }
}
