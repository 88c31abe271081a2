/* Lecture 04, "Putting Everything Together" (fsqrt spelled sqrtf, and the
 * convergence loops started at 1 so that A[k-1][j] and B[i][k-1][j-1] stay
 * in bounds). The exercise: find the parallel loops and bring the code into
 * a form suitable for a GPU (distribute the i loop, interchange j and k). */
#include <math.h>

void putting_together(int M, int N, int T, float X[M][N][N],
                      const float B[M][N][N], float A[N][N]) {
  for (int i = 0; i < M; i++) {
    /* initialize A */
    for (int k = 0; k < N; k++) {
      for (int j = 0; j < N; j++) {
        float x = X[i][j][k];
        A[k][j] = x * x;
      }
    }
    /* convergence loop */
    for (int t = 0; t < T; t++) {
      for (int j = 1; j < N; j++) {
        for (int k = 1; k < N; k++) {
          A[k][j] = sqrtf(A[k][j] * A[k - 1][j]);
          X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
        }
      }
    }
  }
}
