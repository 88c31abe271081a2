/* FIXED on main (utils/fuzz/findings/README.md); was OPEN (sizes of 0, issue 25 item 1; the fix was in progress on main when
 * this was found): a statement outside the loops writes A[0] of an
 * extent-N array; at N = 0 the C accesses A out of bounds, yet the
 * manifest has no size check ("size_checks": []: the footprint assumes
 * sizes >= 1) and looptile-run runs the call; its reference, in a guarded
 * child, fails instead:
 *   looptile-run: error: the reference f() ... accessed buffer A past its
 *   end: the manifest's shape [N] gives it 0 bytes at these sizes ...
 * exit status 1; the expected answer is a refusal before anything runs,
 * "sizes N=0 are not valid for f(): ..." (exit 2), as for any size at which
 * the C accesses outside an array. Found by the zero-refusals class (kind
 * size-check: campaign seeds 1066, 600032, 600041, 600091, 600102, 600116,
 * ...); written by hand in the shape the generator gives (a tree reduction
 * stored into A[0]), at 72458d3:
 *   build/bin/looptile zero-size-check-missing.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=0 --validate      # exit 1, above
 */
void f(int N, int A[N], const int B[N]) {
  int red = 0;
  for (int i = 0; i < N; i++)
    red += B[i];
  A[0] = red;
}
