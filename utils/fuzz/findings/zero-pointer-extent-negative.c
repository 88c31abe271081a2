/* FIXED on main (utils/fuzz/findings/README.md); was OPEN (sizes of 0, issue 25 item 1): a pointer parameter's extent, derived
 * from its subscripts, is a polynomial guarded only by the inner loop's
 * emptiness, "(M >= 2) * (-1 + N*M)", which is -1 at N = 0, M >= 2; the
 * call (the loops run no iteration) is refused:
 *   looptile-run: error: buffer P: extent "(M >= 2) * (-1 + N*M)" = -1 is negative
 * exit status 1 (N = 7, M = 0 and N = M = 0 validate). The extent should
 * be 0 there (or max(0, ...)): the footprint assumed sizes >= 1. Found by
 * the zero-sizes class (campaign seed 600170, --single-work-item, a
 * program whose rules hold from 0: every oracle runs it at N = 0), reduced
 * by hand, at 72458d3:
 *   build/bin/looptile zero-pointer-extent-negative.c --single-work-item -o k.cl
 *   build/bin/looptile-run k.cl -D N=0,M=7 --validate
 */
void f(int N, int M, int *restrict P, int B[4]) {
  for (int i = 1; i < N + 1; i++)
    for (int j = 0; j <= M - 2; j++)
      B[0] += P[(i - 1) * M + j];
}
