// A sum whose exact result is 0 for every input: a contracted kernel gets
// fma(A, B, -(B * A)), the rounding error of the product, while the C gets 0.
void cancel(int N, const float A[N], const float B[N], float C[N]) {
  for (int i = 0; i < N; i++)
    C[i] = A[i] * B[i] - B[i] * A[i];
}
