// A 3-D band of parallel loops: `--tile 16` asks for 16 x 16 x 16 = 4096
// work-items per work-group, which no GPU runs.
void band3d(int L, int M, int N, const float A[L][M][N], float B[L][M][N]) {
  for (int i = 0; i < L; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < N; k++)
        B[i][j][k] = A[i][j][k] * 0.5f + (float)(i - j + k);
}
