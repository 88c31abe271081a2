/* Loops whose names make the tiled kernels' invented names collide with one
   another (fuzz findings opencl-tile-loop-named-l.c and -n.c): each
   invented name is built from a base (a loop's group origin VAR0, the tile
   loop VARVAR, its element count VARn, the point loop VARl, the next step
   VARx, the local ids l0 l1, staging indices a0 a1, outputs wm wn) and
   must differ from every user name and every other invented one. */

/* A mapped loop named l: its group origin l0 against the local id l0. */
void named_l(const int B[35][36], int C[35][36]) {
  for (int k = 0; k < 35; k++)
    for (int l = 0; l < 36; l++) {
      int sum = 0;
      for (int m = 0; m < 36; m++)
        sum += B[k][m] * (m + 1);
      C[k][l] = sum + l;
    }
}

/* A reduction loop named n: its tile loop nn against its count n + n. */
void named_n(int N, int M, const int A[N][M], const int B[M][N], int C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int acc = 0;
      for (int n = 0; n < M; n++)
        acc += A[i][n] * B[n][j];
      C[i][j] = acc;
    }
}

/* Mapped loops named a and l (a0 and l0 against the staging index and the
   local id), a reduction loop named x (tile loop xx against its next step
   x + x). */
void named_alx(int N, int M, const int A[N][M], const int B[M][N],
               int C[N][N]) {
  for (int a = 0; a < N; a++)
    for (int l = 0; l < N; l++) {
      int acc = 1;
      for (int x = 0; x < M; x++)
        acc += A[a][x] * B[x][l];
      C[a][l] = acc;
    }
}

/* Mapped loops named t and e, a reduction loop named w (its count w + n
   against the output index wn of the register-tiled kernel). */
void named_tew(int N, int M, const int A[N][M], const int B[M][N],
               int C[N][N]) {
  for (int t = 0; t < N; t++)
    for (int e = 0; e < N; e++) {
      int acc = 0;
      for (int w = 0; w < M; w++)
        acc += A[t][w] * B[w][e];
      C[t][e] = acc;
    }
}

/* A reduction loop named l (its tile loop l + l against its point loop
   l + l), mapped loops named q and tx (the staging loop and a local id of
   the register-tiled kernel). */
void named_red_l(int N, int M, const int A[N][M], const int B[M][N],
                 int C[N][N]) {
  for (int q = 0; q < N; q++)
    for (int tx = 0; tx < N; tx++) {
      int acc = 0;
      for (int l = 0; l < M; l++)
        acc += A[q][l] * B[l][tx];
      C[q][tx] = acc;
    }
}
