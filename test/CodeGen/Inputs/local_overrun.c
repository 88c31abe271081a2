/* A local array of constant size indexed up to a size parameter: the C
 * function itself overruns t for N > 64. */
void local_overrun(int N, const float A[N], float B[N]) {
  float t[64];
  for (int i = 0; i < N; i++)
    t[i] = A[i] + 1.0f;
  for (int i = 0; i < N; i++)
    B[i] = 2.0f * t[i];
}
