// Arrays of a few rows addressed through a large size: the kernels'
// flat index must not form a product such as n*m that passes INT_MAX
// while the element it names is inside the array (Horner form: each
// subscript computed on its own, as the C computes it).
void rows(int n, int m, float A[5][m], const float B[5][m]) {
  for (int i = n - 5; i < n; i++)
    for (int j = 0; j < m; j++)
      A[i - n + 5][j] = B[i - n + 5][j] * 2.0f;
}

// The middle subscript of three.
void planes(int n, int m, float C[2][3][m], const float D[2][3][m]) {
  for (int k = 0; k < 2; k++)
    for (int i = n - 3; i < n; i++)
      for (int j = 0; j < m; j++)
        C[k][i - n + 3][j] = D[k][i - n + 3][j] + 1.0f;
}

// The last subscript: i*5 + j alone could pass INT_MAX.
void cols(int n, float E[4][5], const float G[4][5]) {
  for (int i = 0; i < 4; i++)
    for (int j = n - 5; j < n; j++)
      E[i][j - n + 5] = G[i][j - n + 5] - 1.0f;
}

// An ordinary stencil: the same form, the same values.
void stencil(int n, float P[n][n], const float Q[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      P[i][j] = Q[i - 1][j] + Q[i][j + 1];
}

// A pointer whose subscript the source linearized: printed as written.
void ptr_rows(int n, int m, float *restrict A, const float *restrict B) {
  for (int i = n - 5; i < n; i++)
    for (int j = 0; j < m; j++)
      A[(i - n + 5) * m + j] = B[(i - n + 5) * m + j] * 2.0f;
}
