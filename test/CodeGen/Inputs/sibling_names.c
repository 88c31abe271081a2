// The same name declared in two sibling loops, and a local of a block
// that shadows one of the function (run-sibling-names-pocl.test).
void sums(int n, int m, const float A[n][m], float r[n], float c[m]) {
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i][j];
    r[i] = acc;
  }
  for (int j = 0; j < m; j++) {
    float acc = 0.0f;
    for (int i = 0; i < n; i++)
      acc += A[i][j] * 2.0f;
    c[j] = acc;
  }
}

int shadow(int n, const int a[n], int b[n]) {
  int t = 1;
  for (int i = 0; i < n; i++) {
    int t = a[i] * 3;
    b[i] = t + 1;
  }
  for (int i = 0; i < n; i++) {
    int t = b[i] - a[i];
    b[i] = t * t;
  }
  return t;
}
