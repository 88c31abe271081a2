/* Row-wise softmax: the row's max, the exponentials and their sum, the
   division. */
#include <math.h>
void softmax(int R, int C, const float X[R][C], float Y[R][C]) {
  for (int r = 0; r < R; r++) {
    float m = X[r][0];
    for (int c = 1; c < C; c++)
      m = fmaxf(m, X[r][c]);
    float s = 0.0f;
    for (int c = 0; c < C; c++) {
      Y[r][c] = expf(X[r][c] - m);
      s += Y[r][c];
    }
    for (int c = 0; c < C; c++)
      Y[r][c] /= s;
  }
}

/* The running sum feeds each exponential: the sum and the exponentials
   form one dependence cycle, which no distribution splits. */
void running(int R, int C, const float X[R][C], float Y[R][C]) {
  for (int r = 0; r < R; r++) {
    float s = 0.0f;
    for (int c = 0; c < C; c++) {
      Y[r][c] = expf(X[r][c] - s);
      s += Y[r][c];
    }
  }
}
