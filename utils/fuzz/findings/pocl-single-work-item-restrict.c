/* OPEN, PoCL 3.1's defect (not looptile's): PoCL's CPU device (Debian
 * 3.1-3+deb12u1) computes this single-work-item kernel wrong on its default
 * work-group method. Found by the campaign of 2026-11-23 (seed 103486 at
 * commit 681af8b; the reducer kept the --single-work-item request):
 *   build/bin/looptile pocl-single-work-item-restrict.c --single-work-item -o k.cl
 *   build/bin/looptile-run k.cl --validate --device cpu
 *     # FAILED: TS_2[1][3] expected -3, got 0 (4 of 28 elements wrong)
 *   POCL_WORK_GROUP_METHOD=cbs build/bin/looptile-run k.cl --validate    # PASSED
 *   POCL_WORK_GROUP_METHOD=loops build/bin/looptile-run k.cl --validate  # PASSED
 *   oclgrind --data-races --uninitialized build/bin/looptile-run k.cl --validate
 *     # PASSED, no report
 * The kernel is one work-item running the two loops as written:
 *   TS_2[4*j + 3] -= TS_2[4*j + 5] % 100;   (j = 1..5, twice)
 * through the only pointer argument, `__global int *restrict TS_2`. The
 * same kernel without `restrict` passes on the default method too; with a
 * single pointer `restrict` promises nothing that is not true, so the
 * compiled kernel, not the text, is wrong. The PoCL 5 of the GPU machine
 * (Ubuntu 24.04) ran 3602 generated programs of the same commit with no
 * mismatch. */
void clamp(int TS[7][4]) {
  for (int i = 0; i < 2; i++) {
    for (int j = 1; j <= 5; j++) {
      TS[j][3] -= TS[j + 1][1] % 100;
    }
  }
}
