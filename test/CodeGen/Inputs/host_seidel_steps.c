// Gauss-Seidel sweeps in a time loop: no loop of the sweep is parallel even
// for a fixed t (flow dependences (<, =) and (=, <) on A within one sweep),
// so no host program is possible: refused with the dependence, unless
// --single-work-item.
void seidel_steps(int T, int N, float A[N][N]) {
  for (int t = 0; t < T; t++)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++)
        A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
