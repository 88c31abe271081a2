// Row walks for the row-staged kernel (test/CodeGen/row-staged.test).
// Each function's mapped loop i walks row i sequentially along j.

// A running prefix along each row reading the row it writes (B[i][j - 1]):
// B is read and written, so only A goes through local memory.
void row_prefix(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++) {
    B[i][0] = A[i][0];
    for (int j = 1; j < m; j++)
      B[i][j] = B[i][j - 1] + A[i][j];
  }
}

// Two inputs at shifted columns, one output, and a value after the row.
void row_diff(int n, int m, const double X[n][m + 1], const double W[n][m],
              double Y[n][m], double last[n]) {
  for (int i = 0; i < n; i++) {
    double run = 0.0;
    for (int j = 0; j < m; j++) {
      run = run * 0.5 + (X[i][j + 1] - X[i][j]) * W[i][j];
      Y[i][j] = run;
    }
    last[i] = run;
  }
}

// Triangular rows (j <= i): the chunks would differ between work-items of
// a group; stays naive.
void row_triangle(int n, const float A[n][n], float B[n][n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j <= i; j++) {
      s = s * 0.5f + A[i][j];
      B[i][j] = s;
    }
  }
}

// A guarded write: not every iteration writes B[i][j], so a copy-out of the
// chunk would store elements the C leaves alone; stays naive.
void row_guarded(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++) {
      s = s + A[i][j];
      if (A[i][j] > 0.5f)
        B[i][j] = s;
    }
  }
}

// Mixed element types, two inputs and a scaled running value: every staged
// access has a vector form (doubles move as double4, floats as float4).
void row_mix(int n, int m, const double X[n][m], const float W[n][m],
             double Y[n][m]) {
  for (int i = 0; i < n; i++) {
    double run = 1.0;
    for (int j = 0; j < m; j++) {
      run = run * 0.75 + X[i][j] * W[i][j];
      Y[i][j] = run;
    }
  }
}

// Only a write staged: nothing to fetch, the chunks are copied out.
void row_write_only(int n, int m, float B[n][m]) {
  for (int i = 0; i < n; i++) {
    float s = 0.5f;
    for (int j = 0; j < m; j++) {
      s = s * 1.5f + 1.0f;
      B[i][j] = s;
    }
  }
}

// Only a read staged: a running value per row (not a reduction: its
// operator is not associative), nothing to copy out.
void row_read_only(int n, int m, const float A[n][m], float out[n]) {
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s = s * 0.5f - A[i][j];
    out[i] = s;
  }
}

// The program's names are the kernel's tunables (PAD, LANES, VEC, PIPE):
// the kernel renames the program's.
void row_names(int PAD, int LANES, const float A[PAD][LANES],
               float B[PAD][LANES]) {
  for (int i = 0; i < PAD; i++) {
    float VEC = 0.0f;
    for (int PIPE = 0; PIPE < LANES; PIPE++) {
      VEC = A[i][PIPE] * 0.5f - VEC;
      B[i][PIPE] = VEC;
    }
  }
}
