/* fuzz finding (NEW instance of defect 5's class: invented names clash with
 * the program's): a block-tiled kernel names the tile loop of reduction
 * loop n 'nn' and its element count 'n' + 'n' = 'nn' too, so it declares
 *   const int nn = min(TS, M - nn);
 * inside the tile loop: the new nn initialises itself from its own
 * indeterminate value. PoCL happens to validate it; oclgrind reports
 * "Controlflow depends on uninitialized value"; any other compiler may
 * compute garbage. (A loop named m gives mm and mn, no clash.)
 *   build/bin/looptile opencl-tile-loop-named-n.c --tile 16 -o k.cl
 *   grep 'nn = min' k.cl
 *   utils/fuzz.py --oclgrind k.cl
 * (CI seed 132 before the generator stopped naming loops n.) */
void f(int N, int M, const int A[N][M], const int B[M][N], int C[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int acc = 0;
      for (int n = 0; n < M; n++)
        acc += A[i][n] * B[n][j];
      C[i][j] = acc;
    }
}
