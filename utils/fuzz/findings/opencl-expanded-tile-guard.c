/* OPEN (found by the fourth session's campaign on the final code, seed
 * 131657 with every class on, kind ocl-run; the same at 5e22eaf, before
 * that session): with no flags, `w` is expanded along i, j, q and the
 * nest becomes one tiled kernel (w_x[i][j][q][0] written from staged
 * A_tile); looptile-run then stops at N = 2 with "a kernel of kernel()
 * accessed buffer A past its end: the manifest's shape gives it 32 bytes
 * at these sizes, less than its kernels access (a manifest inconsistent
 * with its kernels); nothing was validated" (exit 1: the runtime's guard
 * caught it, never a wrong result). The kernel's own A[i*N + 2*i + j]
 * looks in range; not investigated further.
 *   build/bin/looptile opencl-expanded-tile-guard.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=2 --device cpu --validate
 */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void kernel(int N, int A_tile[2*N + 3], int A[N][N + 2]) {
  for (int i = 0; i < 1; i++) {
    for (int j = 0; j <= N - 2; j++) {
      int w[N];
      for (int q = 0; q < N; q++) {
        w[0] = A_tile[j + q] % 97;
      }
      int ii_0 = 1;
      for (int k = 0; k < N; k++) {
        ii_0 -= 1;
      }
      A[i][j] = ii_0 % 1000;
    }
  }
}
