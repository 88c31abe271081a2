// A transposition of two-dimensional arrays: split along i, each part
// writes the columns i of B (a rectangle of every row), multi-device-pocl.test.
void transpose2d(int H, int W, const float A[H][W], float B[W][H]) {
  for (int i = 0; i < H; i++)
    for (int j = 0; j < W; j++)
      B[j][i] = A[i][j];
}
