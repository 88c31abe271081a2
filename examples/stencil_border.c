/* A 5-point stencil with its border handled by an if: the interior averages
 * the four neighbours, the border copies the input. The guard is affine in
 * the loop variables and sizes, so the two branches' iteration domains are
 * exact and disjoint: both loops are parallel. */
void stencil_border(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (i > 0 && i < n - 1 && j > 0 && j < m - 1)
        B[i][j] = 0.2f * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                          A[i][j + 1]);
      else
        B[i][j] = A[i][j];
    }
}
