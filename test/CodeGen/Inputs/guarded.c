/* Conditional code for the kernel tests: guards on data with an else
 * branch, a conditional value, a guarded local, a sequential nest with
 * guards run in one work-item. */
void relu(int n, int m, const float X[n][m], float Y[n][m], float G[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (X[i][j] > 0.0f && j > 0) {
        Y[i][j] = X[i][j];
        G[i][j] = 1.0f;
      } else {
        Y[i][j] = 0.0f;
      }
    }
}

void border_value(int n, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++)
    B[i] = (i > 0 ? A[i - 1] : 0.0f) + 2.0f * (i < n - 1 ? A[i + 1] : A[i]);
}

void clamp_local(int n, float lo, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++) {
    if (!(A[i] >= lo)) {
      float d = lo - A[i];
      B[i] = A[i] + d * 0.5f;
    }
  }
}

void in_place(int n, float A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j == 0)
        A[i][j] = A[i - 1][j];
      else
        A[i][j] = 0.5f * (A[i][j - 1] + A[i - 1][j]);
    }
}

/* k-means assignment: the condition d < best is computed once into a
 * local, since the statements it guards write best. */
void argmin(int n, int k, const float x[n], const float c[k], int label[n]) {
  for (int i = 0; i < n; i++) {
    float best = 1e30f;
    int bi = 0;
    for (int j = 0; j < k; j++) {
      float d = (x[i] - c[j]) * (x[i] - c[j]);
      if (d < best) {
        best = d;
        bi = j;
      }
    }
    label[i] = bi;
  }
}
