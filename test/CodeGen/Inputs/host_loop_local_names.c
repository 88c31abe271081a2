// f: the first nest's j runs on the host (A[j][i] depends on row j - 1);
// the second nest's j is a parallel loop that declares w. The two loops
// share a name, not a body: w is not a local of a host loop.
void f(int N, float A[N][N], float B[N][8]) {
  for (int j = 1; j < N; j++)
    for (int i = 0; i < N; i++)
      A[j][i] = A[j - 1][i] + 1.0f;
  for (int j = 0; j < N; j++) {
    float w[8];
    for (int q = 0; q < 8; q++)
      w[q] = A[q][j] * 2.0f;
    for (int q = 0; q < 8; q++)
      B[j][q] = w[7 - q];
  }
}

// g: w is declared in the body of the host loop j itself.
void g(int N, float A[N][N], float B[N][8]) {
  for (int j = 1; j < N; j++) {
    float w[8];
    for (int i = 0; i < N; i++)
      A[j][i] = A[j - 1][i] + 1.0f;
    for (int q = 0; q < 8; q++)
      w[q] = A[j][q];
    for (int q = 0; q < 8; q++)
      B[j][q] = w[7 - q];
  }
}
