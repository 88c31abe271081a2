// A scalar declared in the host loop's body, assigned by its declaration
// (a statement directly in the body) and read by the nest after it: a
// one-element device temporary, written by a kernel of one work-item per
// host iteration, read by the nest's kernel.
#include <math.h>
void body_declared(int M, int N, float A[M][N], float R[N]) {
  for (int k = 1; k < N; k++) {
    float scale = 1.0f / sqrtf((float)k);
    R[k] = scale;
    for (int i = 0; i < M; i++)
      A[i][k] = A[i][k - 1] * scale;
  }
}
