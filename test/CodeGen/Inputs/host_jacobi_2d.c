// Time-stepped 2-D Jacobi (PolyBench jacobi-2d): two arrays, swapped by two
// nests per step.
void jacobi_2d(int T, int N, float A[N][N], float B[N][N]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                          A[i - 1][j]);
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] +
                          B[i - 1][j]);
  }
}
