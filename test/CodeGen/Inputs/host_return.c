// A time-stepped Jacobi 1-D whose result is returned: a scalar computed
// before the host loop and read inside it, the return value computed after
// it (a one-iteration kernel storing into the "returned" buffer).
float jacobi_ret(int T, int N, float A[N], float B[N], float w) {
  float c = w * 0.5f;
  for (int t = 0; t < T; t++) {
    for (int i = 1; i < N - 1; i++)
      B[i] = c * (A[i - 1] + A[i + 1]);
    for (int i = 1; i < N - 1; i++)
      A[i] = B[i];
  }
  return A[N - 2] + c;
}
