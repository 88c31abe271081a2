/* OPEN, NVIDIA's OpenCL compiler's defect (not looptile's; found by the
 * device campaign of 2026-11-28, seed 1840831, reduced by hand in the
 * fifteenth session): the one kernel of this function computes B wrong on
 * an H200 (driver 580.159.04, "NVVM 7.0.1" in its PTX):
 *   looptile nvidia-long-reversed-index.c -o K.cl
 *   looptile-run K.cl -D N=7,M=7 --validate --device gpu
 *     # FAILED (max abs error 60); also at N = 5, 6, 8 and 20
 *   LOOPTILE_CL_OPTIONS=-cl-opt-disable looptile-run ... --device gpu
 *     # PASSED (-cl-nv-opt-level=1 still fails)
 * PoCL 5.0 (the GPU machine's) and 3.1 (here) validate the same kernel.
 * The kernel runs a row's loop in one work-item; every access of work-item
 * i stays in row i (B[37*i + 1 .. 37*i + N + 2], N <= 34 by the size
 * check), all arithmetic is on small values (no overflow, no division by
 * zero: the divisor of `-1 % (...)` is 2..6), so the text has no undefined
 * behaviour; clang 16's -O2 IR for it keeps every store and reload. Each
 * of these variants validates on the H200 (docs/testing.md, the fourteenth
 * session's campaign): without the first statement, without
 * the third, with `int` sizes and loop variables, with the second
 * statement's value a plain `B[i][lx]` or `-1`. The campaign's harness ran
 * this on the GPU, not on PoCL as first written: looptile-run picks the
 * first GPU, and that machine's OCL_ICD_FILENAMES lists NVIDIA's library.
 * `looptile-run --validate` catches it (exit 1); no workaround is emitted:
 * the trigger is this narrow and not understood. */
void f(long N, long M, int B[37][37]) {
  for (long i = 0; i <= N - 2; i++) {
    for (long lx = 1; lx <= N - 1; lx++) {
      B[i][lx + 2] = (B[i][lx + 3] - B[i][N - lx - 1]) % 7;
      B[i][N - lx - 1] = -1 % (B[i][lx] % ((N - 727) % 2 + 2) % 4 + 4);
      B[i][lx + 2] = (lx * M + lx * B[i][lx + 2]) % 4093;
    }
  }
}
