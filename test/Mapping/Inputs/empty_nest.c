// A nest whose body is only an unused declaration has no statement: the
// affine scheduler has nothing to schedule (test/Mapping/affine-empty-nest.test).
void f(int N, int M, float B[N][M]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float w[M];
      for (int q = 0; q < M; q++)
        w[q] = B[i][q];
      B[i][j] = w[j] * 2.0f;
    }
  for (int k = 0; k < N; k++)
    for (int a = 0; a < M; a++) {
      int unused = 2;
    }
}
