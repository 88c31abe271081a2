/* Lecture 04, "Eliminating WAW Dependencies", with the indirect subscript
 * A[A[(2*i+k)%M]%M] replaced by an affine one so that it can be analysed:
 * the local array A is fully written by loop j before loop k reads it in
 * every iteration of i, so it can be privatized (or expanded to A[N][M]) and
 * loop i becomes parallel. */
void waw_privatization(int N, int M, float X[N][M]) {
  float A[M];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++)
      A[j] = (float)((4 * i + 4 * j) % M);
    for (int k = 1; k < M; k++)
      X[i][k] = X[i][k - 1] * A[k];
  }
}
