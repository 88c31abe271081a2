// A term a million times smaller than the others: dropping it is an error of
// about 1e-6, within the float tolerance of earlier looptile-run versions.
void small_term(int N, const float A[N], const float B[N], float C[N]) {
  for (int i = 0; i < N; i++)
    C[i] = A[i] + B[i] * 0.000001f;
}
