/* FIXED (see utils/fuzz/findings/README.md): a local scalar initialized with a constant and never written again,
 * divided or taken modulo a constant, is refused as a constant without a
 * value:
 *   error: integer constant expression 't % 4093' of type 'int' has no
 *   value: it overflows its type or divides by zero
 * 't % 4093' is 1 here (no overflow, no division by zero); 't + 1',
 * 't * 2' and '-t' are accepted, 't / 2' and 't % 2' are refused the same
 * way. Probably since 308588a (constant int overflow refused, issue 25
 * item 6): the scalar is folded as a constant, but its value is asked of
 * Clang's evaluator, for which 't' is not a constant expression. Found by
 * the bad-refusal check of the harness (seed 17, 11 of seeds 1-300, 158 of
 * the 3072 programs of the campaigns of 2026-11-26: 's % 100', 't / 5',
 * '(s - lid) % 2', 'acc % 100'), reduced with utils/fuzz.py --reduce 17, at
 * 72458d3:
 *   build/bin/looptile frontend-constant-scalar-divmod-no-value.c --print-deps=json
 *     # exit 1 with the error above (any request: -o, --emit=c, ...)
 * By hand:
 *   void f(int M, int T[39]) {
 *     int t = 3;
 *     for (int i = 2; i <= M - 1; i++) { int v = t % 4093; T[i] = v; }
 *   }
 */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void f(long N, long M) {
  int t = 1;
  for (long i = 0; i < 1; i++) {
    int vec_step = t % 4093;
  }
}
