// A reduction nest in a sequential loop s whose parallel ranges shrink with
// s: the kernel (block- or register-tiled) is launched per s, with an
// NDRange that depends on s.
void tiled_steps(int N, int K, float A[N][K], float B[K][N], float C[N][N]) {
  for (int s = 0; s < N; s++) {
    for (int i = s; i < N; i++)
      for (int j = s; j < N; j++) {
        float acc = C[i][j];
        for (int k = 0; k < K; k++)
          acc += A[i][k] * B[k][j];
        C[i][j] = acc * 0.5f;
      }
  }
}
