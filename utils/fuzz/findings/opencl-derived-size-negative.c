/* OPEN (found by the device campaign of 2026-11-28, seed 1831094; reduced
   by hand): a local computed from the sizes alone, `int t = -M % 9;`,
   becomes a derived size (the manifest's derived_sizes), which the
   analyses take to be >= 0 and the runtime therefore refuses to be
   negative. The C runs at every M; looptile-run refuses M = 1 ("the size
   t = ((-M) % 9) is -1, negative"), exit 2: a bad refusal, never a wrong
   result.
     looptile opencl-derived-size-negative.c -o n.cl
     looptile-run n.cl -D M=1 --validate --device cpu
   A fix keeps such a local a plain value where no bound, subscript or
   condition names it (then nothing assumes its sign), or records per
   derived size whether the analyses used its sign. */
void f(int M, int *restrict out) {
  for (int i = 0; i < M + 1; i++) {
    int t = -M % 9;
    for (int k = 0; k < M; k++)
      out[i * M + k] = (t + 9) / 8 % 16 + k;
  }
}
