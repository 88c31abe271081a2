/* FIXED on main (utils/fuzz/findings/README.md); was OPEN (found by the campaign of issue 26, seed 121 with every class on,
 * kind ocl-run; reproduced with main's looptile at c472052): a pointer
 * parameter accessed at B[i] (i < N) in a loop and at B[0] outside it. The
 * manifest's shape is right, max(N, 1): "(1 >= N) * (1) + (N >= 2) * (N)",
 * but the size check takes the extent to be N and refuses the valid call
 * N = 0 (exit 2):
 *   looptile-run: error: sizes N=0 are not valid for f(): it would access
 *   'B[0]' (line 19) outside the extents [N] of array parameter 'B' (the
 *   manifest's size check: invalid when N == 0)
 * A refusal, never a wrong result; the generator's zero-sizes class counts
 * the program clean at N = 0 (its B has N + 1 elements). Written by hand in
 * the shape of the seed:
 *   build/bin/looptile zero-pointer-extent-size-check.c --single-work-item -o k.cl
 *   build/bin/looptile-run k.cl -D N=0 --validate          # exit 2, above
 */
void f(long N, int *B) {
  for (long i = 0; i <= N - 1; i++)
    B[i] = B[i] + 1;
  B[0] = 7;
}
