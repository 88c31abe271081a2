/* A banded nest for tile-triangular.c: j within 2 below and 2 above i. */
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
void banded(int N, const float B[N][N], float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = MAX(i - 2, 0); j < MIN(i + 3, N); j++)
      A[i][j] = B[i][j] * 2.0f + A[i][j];
}
