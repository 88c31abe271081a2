// Scalar code before, between and after the nests: beta is computed before
// the first nest and read by it (a one-element temporary written by a
// one-work-item kernel), a statement between the nests reads an array
// element the first nest wrote, and the results come back through an
// output parameter.
void scalar_code(int N, const float A[N], float B[N], float C[N],
                 float alpha, float out[2]) {
  float beta = alpha * 2.0f + 1.0f;
  for (int i = 0; i < N; i++)
    B[i] = A[i] * beta;
  float last = B[N - 1] - beta;
  for (int i = 0; i < N; i++)
    C[i] = B[i] + last;
  out[0] = beta;
  out[1] = last + C[0];
}
