/* Transpositions with a vector path (run-transpose-vector-pocl.test). */

/* A value computed from the element and its indices, of another type. */
void scaled(int h, int w, const float A[h][w], double B[w][h]) {
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      B[j][i] = A[i][j] * 2.0 + i - j;
}

/* B's rows in reverse order: a negative row stride. */
void rev_write(int h, int w, const float A[h][w], float B[w][h]) {
  for (int i = 0; i < h; i++)
    for (int j = 0; j < w; j++)
      B[w - 1 - j][i] = A[i][j];
}

/* int arrays, loops not starting at 0, A's rows longer than the loop (the
   vector path at w = 128: A's rows of w + 4, from column 4). */
void offset(int h, int w, const int A[h + 1][w + 4], int B[w][h]) {
  for (int i = 1; i <= h; i++)
    for (int j = 4; j < w + 4; j++)
      B[j - 4][i - 1] = A[i][j];
}
