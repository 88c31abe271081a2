/* Twin of distribute-assumed.c: the read A[j * N + i + 1] cannot be
 * delinearized, so its dependences on A are assumed in both orders. */
void lin(int N, float *restrict A, float *restrict B) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i * N + j] = B[j];
      B[j] = A[j * N + i + 1] + 1.0f;
    }
}
