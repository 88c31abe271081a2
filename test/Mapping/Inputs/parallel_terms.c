/* In-order reductions under a host loop: the terms can be computed by a
   work-group and combined in the C's order. */

/* Durbin's dot product (PolyBench's durbin, in float): sum += r * y. */
void dot_steps(int n, float r[n], float y[n], float z[n]) {
  float sum, alpha;
  for (int k = 1; k < n; k++) {
    sum = 0.0f;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / (4.0f + 2.0f * (float)k);
    for (int i = 0; i < k; i++)
      z[i] = 0.5f * y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}

/* A subtraction, into an array element that the host loop moves. */
void sub_steps(int n, double a[n][n], double b[n], double x[n]) {
  for (int k = 0; k < n; k++) {
    x[k] = b[k];
    for (int j = 0; j < n; j++)
      x[k] -= a[k][j] * b[j] * 0.5;
    for (int j = 0; j < n; j++)
      b[j] = b[j] * 0.75 + x[k] * 0.01;
  }
}

/* The term reads the target's array (w[1] beside w[0]): kept in one
   work-item. */
void reads_target(int n, double w[2], double y[n]) {
  for (int k = 0; k < n; k++) {
    for (int i = 0; i < n; i++)
      w[0] += w[1] * y[i];
    for (int i = 0; i < n; i++)
      y[i] = y[i] * 0.5 + w[0] * 0.001;
  }
}

/* A conditional term: kept in one work-item. */
void guarded_steps(int n, float r[n], float y[n]) {
  float sum;
  for (int k = 1; k < n; k++) {
    sum = 0.0f;
    for (int i = 0; i < k; i++)
      if (r[i] > 0.0f)
        sum += r[i] * y[i];
    for (int i = 0; i < n; i++)
      y[i] = y[i] * 0.5f + sum * 0.001f;
  }
}

/* Two such reductions in one host loop: their parts share one local array
   of terms (they run one after the other, barriers between them). */
void two_sums(int n, double a[n], double b[n], double s[1], double t[1]) {
  for (int k = 0; k < n; k++) {
    for (int i = 0; i < n; i++)
      s[0] += a[i] * b[i];
    for (int i = 0; i < n; i++)
      t[0] -= a[i] * b[i] * 0.001;
    for (int i = 0; i < n; i++)
      b[i] = b[i] * 0.5 + t[0] * 0.01 + s[0] * 0.001;
  }
}
