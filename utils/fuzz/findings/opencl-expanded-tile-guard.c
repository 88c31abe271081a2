/* WORKED AROUND (2026-11-27), PoCL 3.1's defect of
 * pocl-block-tiled-post-loop.c, not looptile's (found by the fourth
 * session's campaign on its final code, seed 131657 with every class on,
 * kind ocl-run): with no flags, `w` is expanded along i, j, q and the nest
 * becomes one block-tiled kernel (w_x[i][j][q][0] written from staged
 * A_tile); after the tiles' loop, `if (active) { ii_0 = 1; for (k < N)
 * ii_0 -= 1; A[i*N + 2*i + j] = ...; }`. looptile-run stopped at N = 2
 * with "a kernel of kernel() accessed buffer A past its end" (its guard
 * pages: exit 1, never a wrong result): PoCL ran the store for work-items
 * with i > 0, outside `active`, on its default, cbs and loops work-group
 * methods alike. oclgrind validates the kernel; without the loop over k,
 * or without the tiles' loop, PoCL runs it right, and with a barrier
 * between the tiles' loop and `if (active)` too: the kernels now have that
 * barrier where the statements after the tiles' loop hold a loop.
 *   build/bin/looptile opencl-expanded-tile-guard.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=2 --device cpu --validate   # PASSED
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
