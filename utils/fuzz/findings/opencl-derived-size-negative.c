/* FIXED (found by the device campaign of 2026-11-28, seed 1831094;
   reduced by hand): a local computed from the sizes alone, `int t = -M %
   9;`, became a derived size (the manifest's derived_sizes), which the
   analyses took to be >= 0 and the runtime therefore refused to be
   negative. The C runs at every M; looptile-run refused M = 1 ("the size
   t = ((-M) % 9) is -1, negative"), exit 2: a bad refusal, never a wrong
   result.
     looptile opencl-derived-size-negative.c -o n.cl
     looptile-run n.cl -D M=1 --validate --device cpu
   Now a derived size that no bound, subscript, guard, comparison or
   extent names gets no facts (nothing assumes its sign) and is
   "value_only" in the manifest; the runtime computes it at any sign
   (test/CodeGen/run-derived-sizes-pocl.test, value_offset). */
void f(int M, int *restrict out) {
  for (int i = 0; i < M + 1; i++) {
    int t = -M % 9;
    for (int k = 0; k < M; k++)
      out[i * M + k] = (t + 9) / 8 % 16 + k;
  }
}
