/* Two buffers: at n = 500000000 A fits the device's allocation limit and
   B is refused at m = 46341 (more than 2^31 - 1 elements): test/Runtime/index-range.test. */
void two(int n, int m, float A[n], unsigned char B[m][m]) {
  for (int i = 0; i < n; i++)
    A[i] = A[i] + 1.0f;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = B[i][j] + 1;
}
