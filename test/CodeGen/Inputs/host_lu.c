// LU factorisation without pivoting (PolyBench lu, right-looking form): the
// k loop is sequential (flow dependences carried by k); for a fixed k the
// column scaling and the trailing update are parallel, over triangular
// ranges that depend on k. The first nest makes the matrix strictly
// diagonally dominant by rows (inputs are in [0.5, 1.5)), so that the
// factorisation has no growth and validates on finite values.
void lu(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    A[i][i] = A[i][i] + 2.0f * (float)N;
  for (int k = 0; k < N; k++) {
    for (int i = k + 1; i < N; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}
