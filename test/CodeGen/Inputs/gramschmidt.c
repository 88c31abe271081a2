// Modified Gram-Schmidt (the shape of PolyBench's gramschmidt): a sequential
// k loop with a square root and divisions, run as a single work-item.
#include <math.h>
void gramschmidt(int M, int N, float A[M][N], float R[N][N], float Q[M][N]) {
  for (int k = 0; k < N; k++) {
    float nrm = 0.0f;
    for (int i = 0; i < M; i++)
      nrm += A[i][k] * A[i][k];
    R[k][k] = sqrtf(nrm);
    for (int i = 0; i < M; i++)
      Q[i][k] = A[i][k] / R[k][k];
    for (int j = k + 1; j < N; j++) {
      R[k][j] = 0.0f;
      for (int i = 0; i < M; i++)
        R[k][j] += Q[i][k] * A[i][j];
      for (int i = 0; i < M; i++)
        A[i][j] = A[i][j] - Q[i][k] * R[k][j];
    }
  }
}
