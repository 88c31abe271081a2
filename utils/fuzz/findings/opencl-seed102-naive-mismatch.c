/* fuzz seed 102 (CI seed list, 2026-11-23): OPEN miscompile, not yet reduced.
 * looptile F.c --tile 8 --register-tile 2 -o K.cl, then looptile-run K.cl -D N=2,M=2 --validate:
 * A: 5 of 30 elements wrong, first A[0][0][0]: expected 5, got -1.
 * Reproduce: utils/fuzz.py --seeds 102 */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void select(int N, int M, int A[N + 1][M][N + 3]) {
  int s;
  int t;
  int int2;
  for (int i = 1; i <= N; i++) {
    for (int j = 0; j <= i; j++) {
      for (int k = 1; k <= j + 1; k++) {
        int x = (int)((float)(N) * 2.0f);
      }
    }
  }
  for (int i = 0; i <= N - 2; i++) {
    for (int j = 0; j < M; j++) {
      int y = (j + A[i][j][i]) % 4093;
      y++;
      y--;
      int acc = -1;
      for (int k = i + 1; k < M; k++) {
        for (int l = 2; l >= 0; l--) {
          A[i + l][j][i] = (A[i + l][j][i] % 100 * (y % 100) + A[i + 1][j][i]) % 1000;
          A[i][j][i] -= -y % 3;
          A[i][j][i] = (int)((float)(A[i][j][i]) * 0.25f) * (M + -1) % 7;
          acc += A[N - i - 1][j][i] % 16;
        }
      }
      A[i][j][i] = acc % 65536;
    }
  }
  for (int i = 1; i <= M - 1; i++) {
    for (int j = 0; j <= M - 2; j++) {
      int z = A[1][0][0] % 1000;
    }
  }
}
