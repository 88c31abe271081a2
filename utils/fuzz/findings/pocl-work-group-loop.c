/* OPEN, PoCL 3.1's defect (not looptile's): PoCL's CPU device (Debian
 * 3.1-3+deb12u1) computes this function's host loop run in one work-group
 * (kernel f_wg0, docs/kernels.md "Host loops in one work-group") wrong on
 * its default work-group method. Found by the campaign of 2026-11-27 (seed
 * 64485, no flags):
 *   build/bin/looptile pocl-work-group-loop.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=7,WG1_2=7,K=7,c=7 --validate --device cpu \
 *       --host-loops one-work-group --set WG0_k13=8
 *     # FAILED: A[1] expected -2, got -1 (1 of 8 elements wrong)
 *   ... --set WG0_k13=1 or 2                                   # PASSED
 *   LOOPTILE_CL_OPTIONS=-cl-opt-disable ...                    # PASSED
 *   POCL_WORK_GROUP_METHOD=cbs ...                             # PASSED
 *   POCL_WORK_GROUP_METHOD=loopvec ...                         # FAILED
 *   --host-loops launches                                      # PASSED
 *   utils/fuzz.py --oclgrind k.cl --oclgrind-size 7 --oclgrind-set WG0_k13=8
 *     # oclgrind clean (no race, no uninitialized value), validated
 * The kernel's parts are separated by barrier(CLK_GLOBAL_MEM_FENCE), the
 * loop around them uniform; removing `restrict` or the parts' guards does
 * not change PoCL's result. Since then the runtime's choice on a CPU device
 * is the launches (a work-group runs on one core there anyway), and the
 * fuzz harness validates the one-work-group path with the cbs method. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
void f(long N, long WG1, long K, int c, int A[WG1 + 1], int B[K + 1][N + 2]) {
  int s;
  int red;
  for (long i = 1; K > i; i++) {
    int t = (B[K - i - 1][0] / (c / 4 % 5 + 5) + A[0] / 8) % 1000;
    s = 1;
    for (long col = 0; col < WG1; col++) {
      A[col] = t % 7;
      A[col] += (A[col] - A[col]) % 8;
      A[col] = (int)((float)(((int)((float)(A[col]) * 0.5f) - -2 / ((col + B[i][1]) % 2 + 2)) % 4096) * 0.5f);
      s = s + K;
    }
    B[i - 1][0] = s % 7;
    A[1] += (int)((float)(B[i + 1][1]) * 0.25f) * (WG1 % 5) % 1000;
    s /= (A[1] == -12 ? A[1] : 9) % 1 % 5 + 5;
  }
  for (long i = 1; i < 5; i++) {
    for (long j = 1; j < K; j++) {
      A[0] *= 0;
    }
  }
  for (long i = 0; i <= 0; i++) {
    B[i + 1][i + 1] = ((A[i] != 41 ? A[i] : -3) - i) % 1000 * ((int)((float)(B[2*i + 1][i]) * 0.5f) % 1000);
    s = (int)((float)(A[i + 1]) * 0.25f) % 4093;
  }
  red = 2;
  for (long i = 0; i < WG1 - 1; i++) {
    red += (B[0][2] % 8 - s) % 7 % 16;
  }
  B[0][0] = red % 7;
  for (long wi = 1; wi < K + 1; wi++) {
    for (long wj = 0; wj < N + 1; wj++) {
      B[wi][wj] = (B[wi - 1][wj + 1] % 1000 * 3 + 6) % 1000;
    }
  }
}
