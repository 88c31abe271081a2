/* Parameters named like the identifiers looptile invents (C_reg for the
 * register that keeps C[i][j], A_tile for A's local-memory tile, A_reg and
 * A_next for the register-tiled kernel's copies of A, l0 and tx for local
 * ids) and like looptile's tunable macros (TS, WG0). */
void name_clashes(int M, int N, int K, float C_reg, float TS, float WG0,
                  const float A[M][K], const float B[K][N],
                  const float A_tile[M][N], const float A_reg[M][N],
                  const float A_next[M][N], float l0, float tx,
                  float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = A_tile[i][j] * TS + A_reg[i][j] * WG0;
      for (int k = 0; k < K; k++)
        C[i][j] += C_reg * A[i][k] * B[k][j];
      C[i][j] = C[i][j] + A_next[i][j] * l0 * tx;
    }
}
