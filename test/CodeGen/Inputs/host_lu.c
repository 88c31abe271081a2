// LU factorisation without pivoting: the k loop is sequential (flow
// dependences carried by k); for a fixed k the column scaling and the
// trailing update are parallel, over triangular ranges that depend on k.
void lu(int N, float A[N][N]) {
  for (int k = 0; k < N; k++) {
    for (int i = k + 1; i < N; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < N; i++)
      for (int j = k + 1; j < N; j++)
        A[i][j] = A[i][j] - A[i][k] * A[k][j];
  }
}
