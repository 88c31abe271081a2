/* A triangular nest (lower triangle, j <= i), as in triangular matrix
 * products: tiling it needs new loop bounds for the tile and point loops.
 * Every dependence is '=' (each element is only touched by its own (i, j)),
 * so the band is fully permutable and any tiling is legal. */
void triangular(int N, const float B[N][N], float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      A[i][j] = A[i][j] * 0.5f + B[j][i];
}
