// A scalar declared in a loop with constant bounds: distribution expands it
// into t_x[64], an array of constant size at function scope that the three
// new nests share.
void scalar_const(const float A[64], float B[64], float C[64]) {
  for (int i = 0; i < 64; i++) {
    float t = A[i] * 2.0f;
    B[i] = t;
    C[i] = t + 1.0f;
  }
}
