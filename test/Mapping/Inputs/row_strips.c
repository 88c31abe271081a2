#include <stddef.h>

/* A 5-point stencil: the reads of A overlap from row i to row i + 1, so a
   work-item takes a strip of consecutive rows. */
void stencil(int n, float A[n][n], float B[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                        A[i - 1][j]);
}

/* Elementwise: no read is shared between rows, no strip. */
void scale(int n, int m, float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = 2.0f * A[i][j];
}

/* Rows two and three apart are still rows of one strip of four. */
void far_rows(int n, int m, double A[n][m], double B[n][m]) {
  for (int i = 0; i < n - 3; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] - A[i + 2][j] + A[i + 3][j];
}

/* One read a row on from another (fdtd-2d's update): one load saved per
   row is not worth a strip. */
void one_pair(int n, int m, double A[n][m], double B[n][m]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] - A[i - 1][j];
}

/* Four rows apart: never two rows of one strip of four, no strip. */
void four_apart(int n, int m, double A[n][m], double B[n][m]) {
  for (int i = 0; i < n - 4; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = A[i][j] - A[i + 4][j];
}

/* A triangular band keeps one iteration per work-item. */
void lower_stencil(int n, float A[n][n], float B[n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j <= i; j++)
      B[i][j] = A[i - 1][j] + A[i + 1][j];
}

/* size_t loops: the strip's rows are counted in the kernel's long type. */
void stencil_sizet(size_t n, size_t m, const float *A, float *B) {
  for (size_t i = 0; i + 2 < n; i++)
    for (size_t j = 0; j < m; j++)
      B[i * m + j] = A[i * m + j] + A[(i + 1) * m + j] + A[(i + 2) * m + j];
}

/* A 3-D stencil: strips along dimension 1 (j). */
void heat(int n, double A[n][n][n], double B[n][n][n]) {
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      for (int k = 1; k < n - 1; k++)
        B[i][j][k] = A[i][j - 1][k] + A[i][j + 1][k] + A[i - 1][j][k] +
                     A[i + 1][j][k] - 4.0 * A[i][j][k];
}

/* A 3 x 3 convolution (the weights a const parameter): rows i - 1, i and
   i + 1 of in, shared by three consecutive rows of out. */
void conv3x3(int N, int M, const float w[3][3], const float in[N][M],
             float out[N][M]) {
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < M - 1; j++)
      out[i][j] = w[0][0] * in[i - 1][j - 1] + w[0][1] * in[i - 1][j] +
                  w[0][2] * in[i - 1][j + 1] + w[1][0] * in[i][j - 1] +
                  w[1][1] * in[i][j] + w[1][2] * in[i][j + 1] +
                  w[2][0] * in[i + 1][j - 1] + w[2][1] * in[i + 1][j] +
                  w[2][2] * in[i + 1][j + 1];
}
