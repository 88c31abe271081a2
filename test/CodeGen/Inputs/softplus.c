// Calls math functions that OpenCL computes within a few ulp of the exact
// value, not necessarily as the C library does: compared with the tolerance.
#include <math.h>
void softplus(int N, const float A[N], float B[N]) {
  for (int i = 0; i < N; i++)
    B[i] = logf(1.0f + expf(A[i]));
}
