// Gathers (Expr::isGather): reads at elements that index arrays select.
// Cross-entropy's picked logit (a gathered inner dimension), an embedding
// lookup (a gathered outer dimension, `long` indices), a 2-D gather through
// two index arrays, and a sparse product whose index array is `unsigned
// char` (validation draws indices inside both its type and the extent).
void xent(int B, int C, const float logits[B][C], const int labels[B],
          float loss[B]) {
  for (int b = 0; b < B; b++)
    loss[b] = -logits[b][labels[b]];
}

void embed(int T, int V, int D, const long tok[T], const float emb[V][D],
           float out[T][D]) {
  for (int t = 0; t < T; t++)
    for (int d = 0; d < D; d++)
      out[t][d] = emb[tok[t]][d] * 2.0f;
}

void pick2(int N, int R, int C, const int rows[N], const int cols[N],
           const double A[R][C], double y[N]) {
  for (int i = 0; i < N; i++)
    y[i] = A[rows[i]][cols[i]] + A[rows[i]][0];
}

void spmv_u8(int n, int m, int K, const float val[n][K],
             const unsigned char col[n][K], const float x[m], float y[n]) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < K; k++)
      y[i] += val[i][k] * x[col[i][k]];
}

// A product with B's rows selected by sel: the tiled kernels stage
// operands by their subscripts, so a gather keeps the plain kernel.
void rows_mm(int N, int M, int K, int R, const int sel[K], const float A[N][K],
             const float B[R][M], float C[N][M]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      float s = 0.0f;
      for (int k = 0; k < K; k++)
        s += A[i][k] * B[sel[k]][j];
      C[i][j] = s;
    }
}
