/* PolyBench/C 4.2.1 style: the data type and every floating constant come
 * through macros (SCALAR_VAL is `x##f` for float data), and constants with
 * more digits than six. The kernels must hold the expanded values. */
#define DATA_TYPE float
#define SCALAR_VAL(x) x##f
#define ALPHA 0.25f
#define SCALE(x) ((x)*1e-10)

void polybench_macros(int n, const DATA_TYPE A[n][n], DATA_TYPE B[n][n],
                      double D[n], DATA_TYPE Z[n], const DATA_TYPE X[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[i][j] = SCALAR_VAL(0.5) * A[i][j] + ALPHA;
  for (int i = 0; i < n; i++)
    D[i] = SCALE(D[i]) + 0.333333333333333;
  /* Association-sensitive, without a product to contract: -1e8f + X[i]
     rounds to -1e8f, so Z is exactly 0; re-associated it would be X. */
  for (int i = 0; i < n; i++)
    Z[i] = 1e8f + (-1e8f + X[i]);
}
