// A constant-size scratch array used by one nest only: a running sum over it
// in every iteration of i. i is sequential as written (t is rewritten by
// every iteration: output S0 -> S0 on t, (<, =)).
void scratch(int N, const float A[N], float B[N]) {
  float t[16];
  for (int i = 0; i < N; i++) {
    for (int k = 0; k < 16; k++)
      t[k] = A[i] + (float)k;
    for (int k = 1; k < 16; k++)
      t[k] = t[k] + t[k - 1];
    B[i] = t[15];
  }
}
