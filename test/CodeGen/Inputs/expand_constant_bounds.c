// The lecture's WAW example with constant bounds: expanding A along i gives
// A_x[32][16], an array of constant size at function scope, which the two
// nests of --distribute i share.
void waw_const(const float B[32][16], float X[32][16]) {
  float A[16];
  for (int i = 0; i < 32; i++) {
    for (int j = 0; j < 16; j++)
      A[j] = B[i][j] * 2.0f;
    for (int k = 0; k < 16; k++)
      X[i][k] = X[i][k] + A[15 - k];
  }
}
