/* Two statements write A in the band (i, j): A[2] is written at j = 2 by
   the second one and at j = 4 by the first, the last writer in the C. */
void band_two_writes(int M, int A[M]) {
  for (int i = 0; i < 2; i++) {
    for (int j = 2; j < M; j++) {
      A[j - 2] = i;
      if (j >= 6)
        continue;
      A[j] = A[j - 2] * 7 + j;
    }
  }
}
