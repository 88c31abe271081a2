/* WORKED AROUND, PoCL 3.1's defect (not looptile's): PoCL's CPU device
 * (Debian 3.1-3+deb12u1) crashes (SIGSEGV inside the compiled
 * _pocl_kernel_..._workgroup function) on the register-tiled kernel of this
 * function with the 256x128 preset (WPTM=16 NBUF=1 SPLIT=1: each alone is
 * fine), on its default work-group method. Found on 2026-11-24 by
 * hand-written float probes of a fuzz helper (the generator's programs are
 * int), at commit 3b95045:
 *   build/bin/looptile pocl-tall-preset-segfault.c -o k.cl
 *   build/bin/looptile-run k.cl --build-reference k.so
 *   POCL_MAX_WORK_GROUP_SIZE=1024 build/bin/looptile-run k.cl \
 *       -D ni=131,nj=133,nk=67 --device cpu --validate --reference k.so
 *     # exit status 139 (the runtime picked the 256x128 preset)
 *   POCL_WORK_GROUP_METHOD=cbs ... (same)       # PASSED, exact
 *   POCL_WORK_GROUP_METHOD=loops ... (same)     # PASSED, exact
 *   utils/fuzz.py --oclgrind k.cl --oclgrind-size 33 --oclgrind-set \
 *       VW=4,WPTM=16,WPTN=8,TSM=256,TSN=128,TSK=16,NBUF=1,GM=1,WTM=0,WTN=0,SPLIT=1
 *     # PASSED, no report
 * A is read across the reduction (A[k][i]); the same statement on A[i][k]
 * passes everywhere. Worked around in the plan: the 256x128 preset is
 * offered only where the rows' operand is read along the reduction (the
 * forms measured on the GPU), so this kernel's first preset is 128x128;
 * `--set` can still ask for the crashing setting on PoCL. */
void v_last_ki_kj_acc(int ni, int nj, int nk, float p, float C[ni][nj],
                      const float A[nk][ni], const float B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      float acc = 0.0f;
      for (int k = 0; k < nk; k++)
        acc += A[k][i] * B[k][j] * p;
      C[i][j] = acc;
    }
}
