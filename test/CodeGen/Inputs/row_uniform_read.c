/* A row reduction whose row first reads an element into a scalar (every
   work-item of the row runs that statement), then work-item 0 overwrites
   the element: the write must wait until every work-item has read it. */
void reread(int N, int image[N], const int A[N][N]) {
  for (int i = 0; i < N; i++) {
    int t = image[i] % 1000;
    image[i] = 5;
    for (int j = 0; j < N; j++)
      image[i] += A[i][j] % 1000 * t % 1000;
  }
}

/* Fuzz seed 732500's row: the scalar is dead, the race was one all the
   same (oclgrind). */
void dead(int N, int image[2 * N], int A[N + 1][N + 1]) {
  for (int i = 0; i < N - 1; i++) {
    int t = (A[N - i - 1][i] - (4 - image[i])) % 65536;
    image[i] = (int)((float)(A[i][1]) * 0.5f) % 97;
    for (int j = 2; j < N; j++)
      image[i] += (int)((float)((j != 6 ? A[i + 2][N - j - 1] : 0)) * 0.5f) % 100;
  }
}
