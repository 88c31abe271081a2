/* Functions named like functions of the C library that looptile-run has
   loaded (select, random): the reference shim must call these, not
   libc's. */
void select(int N, int M, int A[N + 1][M][N + 3]) {
  for (int i = 0; i < 1; i++) {
    A[0][0][0]--;
  }
}

void random(int N, const int A[N], int B[N]) {
  for (int i = 0; i < N; i++)
    B[i] = A[i] * 3 - 1;
}
