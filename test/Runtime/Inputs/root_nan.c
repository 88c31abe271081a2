#include <math.h>
void root(int N, const float x[N], float y[N]) {
  for (int i = 0; i < N; i++)
    y[i] = sqrtf(x[i] - 0.5f);
}
