// Covariance in the shape of PolyBench's: a 1-D kernel (the column means),
// a 2-D kernel (centring) and a triangular nest, 2-D in its bounding box
// (inner bound depends on the outer loop). Each needs its own work-groups.
void covariance(int M, int N, float data[N][M], float cov[M][M],
                float mean[M]) {
  for (int j = 0; j < M; j++) {
    mean[j] = 0.0f;
    for (int i = 0; i < N; i++)
      mean[j] += data[i][j];
    mean[j] /= (float)N;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] -= mean[j];
  for (int i = 0; i < M; i++)
    for (int j = i; j < M; j++) {
      cov[i][j] = 0.0f;
      for (int k = 0; k < N; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[i][j] /= (float)(N - 1);
      cov[j][i] = cov[i][j];
    }
}
