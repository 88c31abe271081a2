/* A 3-deep triangular band for tile-triangular.c: 0 <= j <= k <= i < N. */
void tri3d(int N, const float B[N][N][N], float A[N][N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      for (int k = j; k <= i; k++)
        A[i][j][k] = B[i][j][k] + A[i][j][k];
}
