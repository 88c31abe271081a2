/* WORKED AROUND (2026-11-27): the kernels put a barrier before the
 * statements after the tiles' loop when they hold a loop (uniform: the
 * kernel's top level); with it PoCL runs this kernel and
 * opencl-expanded-tile-guard.c right. The defect as found: PoCL 3.1's CPU device
 * (Debian 3.1-3+deb12u1) miscompiles this block-tiled kernel. After the
 * reduction loop (which holds the barriers) the kernel runs a second loop
 * inside `if (active)`; at sizes that are not a multiple of TS, the kernel
 * PoCL builds stores past the end of a buffer and corrupts looptile-run's
 * heap ("free(): invalid pointer", "corrupted double-linked list", abort).
 *   build/bin/looptile pocl-block-tiled-post-loop.c --tile 16 -o k.cl
 *   build/bin/looptile-run k.cl -D N=2,M=2 --validate          # abort
 *   build/bin/looptile-run k.cl -D N=2,M=2 --set TS=8 --validate # PASSED
 *   oclgrind --data-races --uninitialized build/bin/looptile-run k.cl \
 *     -D N=2,M=2 --validate      # PASSED, no report, at TS=16 too
 * valgrind shows the invalid write inside PoCL's compiled work-group
 * function (_pocl_kernel_f_workgroup), 0 bytes after a buffer. The kernel
 * text is correct: every global store is guarded by `active`, the barriers
 * are reached by every work-item, and oclgrind finds no race,
 * uninitialized value or out-of-bounds access. Variants: without the
 * second loop PoCL is right; without `#pragma unroll` on the point loop
 * this program passes but other ones with two loops after the reduction
 * still crash; an early `if (!active) return;` instead of `if (active) {`
 * did not help either. The work-group method decides: with
 * POCL_WORK_GROUP_METHOD=cbs the same kernel PASSES; the default (loopvec)
 * and `loops` crash. A likely cause is PoCL's implicit loop barriers
 * (pass implicit-loop-barriers), added to a loop with a uniform trip count
 * (`l < M`) although it sits in a divergent region (`if (active)`); a loop
 * of constant trip count there does not crash. Found while writing
 * test/CodeGen/run-tile-loop-names.test (which avoids the pattern). */
void f(int N, int M, const int A[N][M], const int B[M][N], int C[N][N]) {
  for (int t = 0; t < N; t++)
    for (int e = 0; e < N; e++) {
      int acc = 0;
      for (int w = 0; w < M; w++)
        acc += A[t][w] * B[w][e];
      for (int l = 0; l < M; l++)
        acc -= A[t][l] % 7;
      C[t][e] = acc;
    }
}
