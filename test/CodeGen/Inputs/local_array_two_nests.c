// A constant-size local array at function scope, written by one nest and
// read by the next: one array, shared by both nests, as in C.
void two_nests(int N, const float A[N][64], float B[N][64]) {
  float t[64];
  for (int k = 0; k < 64; k++)
    t[k] = 0.5f * (float)k + 1.0f;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 64; k++)
      B[i][k] = A[i][k] * t[63 - k];
}
