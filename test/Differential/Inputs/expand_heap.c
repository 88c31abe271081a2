/* A local array expanded along two loops grows by their trip counts:
 * T[2N] becomes N * N copies (64 MB at N = 200), more than a thread's
 * stack holds. */
void expand_heap(int N, const float A[N][N], float B[N][N]) {
  float T[2 * N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      for (int k = 0; k < 2 * N; k++)
        T[k] = A[i][j] * k;
      B[i][j] = T[2 * N - 1] - T[N];
    }
}
