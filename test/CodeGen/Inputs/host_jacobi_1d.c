// Time-stepped 1-D Jacobi (PolyBench jacobi-1d): two arrays, swapped by two
// nests per step.
void jacobi_1d(int T, int N, float A[N], float B[N]) {
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
}
