// Index temporaries, chained assignments and pointer-to-array parameters
// through transformations, checked against the original C (bit-identical).
// RUN: %difftest %s --function chain -- --function chain --distribute i
// RUN: %difftest %s --function chain -- --function chain --strip-mine i=3
// RUN: %difftest %s --function rows -- --function rows --interchange i,j
// RUN: %difftest %s --function rows -- --function rows --tile 4
// RUN: %difftest %s --function blocked -- --function blocked --strip-mine i=2

void chain(int n, const float A[n], float B[n], int C[n]) {
  float a1, a5;
  for (int i = 0; i < n; i++) {
    a1 = a5 = A[i];
    B[i] = C[i] = i;
    B[i] += a1 * a5;
  }
}

void rows(int n, int m, float A[n][m], const float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      const int left = j - 1, right = j + 1;
      if (left >= 0 && right < m)
        A[i][j] = B[i][left] + B[i][right];
      else
        A[i][j] = B[i][j];
    }
}

void blocked(int n, float (*a)[8], const float (*b)[8]) {
  for (int i = 0; i < n; i++) {
    int base = 2 * i;
    for (int j = 0; j < 8; j++)
      a[i][j] = b[i][j] * (float)(base + j);
  }
}
