/* A tiled kernel whose statements after the tiles' loop hold no loop
   (run-post-loop-barrier-pocl.test; the kernels with such a loop are the
   findings' programs). */

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
