/* Each element reads its upper and left neighbours (a wavefront): i
 * carries (<, =) and j carries (=, <). Interchanging i and j is legal, but
 * in either order the outer loop carries one dependence and, with it on
 * the host, the inner loop still carries the other: no kernel. */
void wavefront(int N, float A[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i - 1][j] + A[i][j - 1];
}
