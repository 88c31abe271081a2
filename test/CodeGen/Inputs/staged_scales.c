/* Contractions whose staged operands are scaled by a scalar parameter: the
   register-tiled kernel stages the product where every use of the operand
   is that product (gemm_scaled, b_scaled), and keeps the operand as it is
   where rounding would differ or the factor is not one read-only scalar of
   the operand's type (the others). */
void gemm_scaled(int ni, int nj, int nk, float alpha, float C[ni][nj],
                 const float A[ni][nk], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
}

void b_scaled(int ni, int nj, int nk, float beta, float C[ni][nj],
              const float A[ni][nk], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += A[i][k] * (B[k][j] * beta);
}

/* alpha multiplies the product of both: (A * B) * alpha. */
void scaled_last(int ni, int nj, int nk, float alpha, float C[ni][nj],
                 const float A[ni][nk], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += A[i][k] * B[k][j] * alpha;
}

/* A is used scaled and unscaled. */
void mixed_use(int ni, int nj, int nk, float alpha, float C[ni][nj],
               const float A[ni][nk], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j] + A[i][k];
}

/* Two factors on A. */
void two_factors(int ni, int nj, int nk, float alpha, float beta,
                 float C[ni][nj], const float A[ni][nk],
                 const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j] + beta * A[i][k];
}

/* A double factor: alpha * A[i][k] is a double product. */
void double_factor(int ni, int nj, int nk, double alpha, float C[ni][nj],
                   const float A[ni][nk], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++)
      for (int k = 0; k < nk; k++)
        C[i][j] += alpha * A[i][k] * B[k][j];
}
