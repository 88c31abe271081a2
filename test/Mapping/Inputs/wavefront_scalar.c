/* The wavefront of wavefront.c through a scalar temporary: the affine
 * scheduler takes no nest that writes a scalar, and in either loop order
 * the outer loop carries one dependence and the inner one the other: no
 * kernel. */
void wavefront_scalar(int N, float A[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      float up = A[i - 1][j];
      A[i][j] = up + A[i][j - 1];
    }
}
