/* The flat index i*(K + 2) + k does not split into digits, and the bound
   of k falls as i grows: the largest index is not at the corner of the
   loops, so the exact extent is unknown. */
void pstair(int M, int K, float *A) {
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K - i; k++)
      A[i * (K + 2) + k] = 1.0f;
}
