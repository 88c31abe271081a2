// Two register-tiled kernels in one program: each has its own tunables,
// vector width included (the vector-load macro reads the kernel's own VW).
void two_matmuls(int M, int N, int K, const float A[M][K], const float B[K][N], float C[M][N], float D[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float t = 0.0f;
      for (int k = 0; k < K; k++)
        t += A[i][k] * B[k][j];
      C[i][j] = t;
    }
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float t2 = 0.0f;
      for (int k = 0; k < K; k++)
        t2 += A[i][k] * B[k][j];
      D[i][j] = t2 * 2.0f;
    }
}
