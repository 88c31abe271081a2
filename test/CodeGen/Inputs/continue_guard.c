// `if (c) { ...; continue; }` directly in a loop's body, and `if (c)
// return;` before the loops of a void function (run-continue-pocl.test).

// A condition on data; the rest of the body writes what it reads.
void relu_count(int n, int m, float A[n][m], int cnt[n]) {
  if (n <= 0 || m <= 0)
    return;
  for (int i = 0; i < n; i++) {
    cnt[i] = 0;
    for (int j = 0; j < m; j++) {
      if (A[i][j] < 0.0f) {
        A[i][j] = 0.0f;
        continue;
      }
      A[i][j] = A[i][j] - 1.0f;
      cnt[i] += 1;
    }
  }
}

// An affine condition: the diagonal is skipped exactly, the loops stay
// parallel.
void off_diagonal(int n, const float A[n][n], float B[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      B[i][j] = 0.0f;
      if (i == j)
        continue;
      B[i][j] = A[i][j] + A[j][i];
    }
}

// An early return on a scalar parameter (a condition on data).
void scale(int n, float alpha, float x[n]) {
  if (alpha == 1.0f)
    return;
  for (int i = 0; i < n; i++)
    x[i] = alpha * x[i];
}

// Two guards in a row: each takes what follows it as its else branch.
void masked_pairs(int n, const float A[n][n], const int mask[n], float B[n][n]) {
  if (n <= 0)
    return;
  if (n > 4096)
    return;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      B[i][j] = -1.0f;
      if (i == j)
        continue;
      if (mask[j] == 0)
        continue;
      B[i][j] = A[i][j] * A[j][i];
    }
}
