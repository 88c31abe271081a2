// Loops whose box ends near INT_MAX at n = 2147483647 while the arrays
// stay small: the work-items past the box (the NDRange is rounded up to
// whole work-groups) must not form an index past int's range.
void tail(int n, float a[5], const float b[5]) {
  for (int i = n - 5; i < n; i++)
    a[i - (n - 5)] = b[i - (n - 5)] * 2.0f;
}

// A stencil whose rows i - (n - 7) run from 1 to 5: strips of RS rows.
void tail_rows(int n, int m, float B[8][m], const float A[8][m]) {
  for (int i = n - 6; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      B[i - (n - 7)][j] = A[i - (n - 7) - 1][j] + A[i - (n - 7)][j] +
                          A[i - (n - 7) + 1][j];
}

// A triangular band near INT_MAX: j <= i - (n - 4) inside the box.
void tail_triangle(int n, float T[4][4], const float S[4][4]) {
  for (int i = n - 4; i < n; i++)
    for (int j = 0; j <= i - (n - 4); j++)
      T[i - (n - 4)][j] = S[i - (n - 4)][j] + 1.0f;
}

// A contraction whose rows end near INT_MAX: register-tiled (or
// block-tiled with --tile), its work-groups' tiles reach past the last row.
void tail_gemm(int n, int m, int k, float C[4][m], const float A[4][k],
               const float B[k][m]) {
  for (int i = n - 4; i < n; i++)
    for (int j = 0; j < m; j++) {
      C[i - (n - 4)][j] = 0.0f;
      for (int p = 0; p < k; p++)
        C[i - (n - 4)][j] += A[i - (n - 4)][p] * B[p][j];
    }
}
