/* A deliberately wrong "transformation" of examples/nest3_interchange_illegal.c:
 * the interchange looptile refuses (direction (<, >) becomes (>, <)), applied
 * by hand. */
void nest3(int N, float A[N][N + 1]) {
  for (int j = 0; j < N; j++)
    for (int i = 1; i < N; i++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
}
