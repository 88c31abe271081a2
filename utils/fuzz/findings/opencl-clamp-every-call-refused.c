/* FIXED on main (utils/fuzz/findings/README.md); was OPEN (issue 25 item 2; the fix was in progress on main when this was
 * found): a '?:' on an affine condition whose arm is in bounds only where
 * the condition holds. looptile warns
 *   warning: 'A[i + 1]' accesses array parameter 'A' outside its extents
 *   [N] for every value of the sizes; looptile-run and the host glue will
 *   refuse every call
 * and the manifest's size check is "invalid when 1": every call is refused
 *   looptile-run: error: sizes N=5 are not valid for f(): it would access
 *   'A[i + 1]' (line 21) outside the extents [N] of array parameter 'A'
 * although the C never reads A[N] (i < N - 1 guards it). The footprint and
 * the size checks should take each arm's reads on its side of the
 * condition. Found by the clamps class (every program with a clamp in a
 * kernel: 15 of the first 172 programs of campaign B, kind ocl-run),
 * written by hand in the generator's forms (the flipped 'N - 1 > i', the
 * negated condition with the arms swapped, a lower clamp), at 72458d3:
 *   build/bin/looptile opencl-clamp-every-call-refused.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=5 --validate      # exit 2, above
 */
void f(int N, const int A[N], int B[N], int C[N]) {
  for (int i = 0; i < N; i++) {
    B[i] = (i < N - 1 ? A[i + 1] : A[i]) + (i >= 1 ? A[i - 1] : 0);
    C[i] = (i >= N - 2 ? A[i] : A[i + 2]) + (N - 1 > i ? A[i + 1] : 7);
  }
}
