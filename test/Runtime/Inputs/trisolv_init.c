/* PolyBench 4.2.1 trisolv, as the benchmark's file has it: the program's
   initializer init_array beside the kernel, macros for the types and the
   array parameters (here their C99 forms, POLYBENCH_USE_C99_PROTO). */
#define DATA_TYPE double
#define POLYBENCH_1D(var, dim1, ddim1) var[ddim1]
#define POLYBENCH_2D(var, dim1, dim2, ddim1, ddim2) var[ddim1][ddim2]
#define N 2000

static void init_array(int n, DATA_TYPE POLYBENCH_2D(L, N, N, n, n),
                       DATA_TYPE POLYBENCH_1D(x, N, n),
                       DATA_TYPE POLYBENCH_1D(b, N, n)) {
  int i, j;
  for (i = 0; i < n; i++) {
    x[i] = -999;
    b[i] = i;
    for (j = 0; j <= i; j++)
      L[i][j] = (DATA_TYPE)(i + n - j + 1) * 2 / n;
  }
}

static void kernel_trisolv(int n, DATA_TYPE POLYBENCH_2D(L, N, N, n, n),
                           DATA_TYPE POLYBENCH_1D(x, N, n),
                           DATA_TYPE POLYBENCH_1D(b, N, n)) {
  int i, j;
  for (i = 0; i < n; i++) {
    x[i] = b[i];
    for (j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / L[i][i];
  }
}

/* An initializer whose parameters come in another order than the
   kernel's, for --init 'init_reversed(b, n, L)': L = 2 I, b = 3. */
static void init_reversed(DATA_TYPE *b, int n,
                          DATA_TYPE POLYBENCH_2D(L, N, N, n, n)) {
  for (int i = 0; i < n; i++) {
    b[i] = 3;
    for (int j = 0; j < n; j++)
      L[i][j] = i == j ? 2 : 0;
  }
}

/* An initializer that writes one element past the end of b. */
static void init_past_end(int n, DATA_TYPE POLYBENCH_1D(b, N, n)) {
  for (int i = 0; i <= n; i++)
    b[i] = 1;
}
