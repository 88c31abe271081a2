/* j < 2 * i: the tile loops' bounds would need a division (refused). */
void dbl(int N, const float B[N][N], float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 2 * i && j < N; j++)
      A[i][j] = B[i][j] * 2.0f;
}
