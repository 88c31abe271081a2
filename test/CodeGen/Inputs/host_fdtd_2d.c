// An FDTD-like sequence of four nests in a time loop (PolyBench fdtd-2d):
// the source row uses the host loop's variable t as a value and a subscript.
void fdtd_2d(int TMAX, int NX, int NY, float ex[NX][NY], float ey[NX][NY],
             float hz[NX][NY], const float fict[TMAX]) {
  for (int t = 0; t < TMAX; t++) {
    for (int j = 0; j < NY; j++)
      ey[0][j] = fict[t];
    for (int i = 1; i < NX; i++)
      for (int j = 0; j < NY; j++)
        ey[i][j] = ey[i][j] - 0.5f * (hz[i][j] - hz[i - 1][j]);
    for (int i = 0; i < NX; i++)
      for (int j = 1; j < NY; j++)
        ex[i][j] = ex[i][j] - 0.5f * (hz[i][j] - hz[i][j - 1]);
    for (int i = 0; i < NX - 1; i++)
      for (int j = 0; j < NY - 1; j++)
        hz[i][j] = hz[i][j] - 0.7f * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] -
                                      ey[i][j]);
  }
}
