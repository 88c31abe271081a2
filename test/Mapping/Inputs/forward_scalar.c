// Scalar forwarding into an array element (Transforms/Forward.h), before
// isl's scheduler: forward-scalar.test.

// Legal: ludcmp's Doolittle loops. w carries A[i][j] from its load to its
// store, and no other access touches A[i][j] in between (A[i][k], k < j,
// and A[k][j], k < j < i or k < i <= j): w becomes A[i][j], and the nest
// is lu's, which isl schedules right-looking.
void lud(int n, double A[n][n]) {
  double w;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      w = A[i][j];
      for (int k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (int j = i; j < n; j++) {
      w = A[i][j];
      for (int k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
}

// Legal: a forward substitution whose sum starts from another array: w
// becomes y[i] (loaded with b[i]); y[j], j < i, is never y[i].
void fsub(int n, const float L[n][n], const float b[n], float y[n]) {
  float w;
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= L[i][j] * y[j];
    y[i] = w / L[i][i];
  }
}

// Illegal: the element is read between the load and the store (y[i] in
// the sum, at j = i), so it does not hold w's value there.
void touched(int n, const float L[n][n], const float b[n], float y[n]) {
  float w;
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j <= i; j++)
      w -= L[i][j] * y[j];
    y[i] = w;
  }
}

// Illegal: w is read after the nest (its last value is the result).
float live(int n, const float L[n][n], const float b[n], float y[n]) {
  float w = 0.0f;
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= L[i][j] * y[j];
    y[i] = w;
  }
  return w;
}

// Illegal: the element's type is not the scalar's (float w into a double
// element would round its partial sums differently).
void widened(int n, const float L[n][n], const float b[n], double y[n]) {
  float w;
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= L[i][j] * (float)y[j];
    y[i] = w;
  }
}
