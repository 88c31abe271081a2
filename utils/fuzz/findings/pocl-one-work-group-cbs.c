/* OPEN, PoCL 3.1's defect (not looptile's): PoCL's CPU device (Debian
 * 3.1-3+deb12u1) computes this function's second host loop run in one
 * work-group (kernel f_wg1, docs/kernels.md "Host loops in one work-group")
 * wrong when it optimizes, on every work-group method, cbs included (which
 * pocl-work-group-loop.c passes on). Found by the campaign of 2026-11-27
 * (seed 803060, no flags; not reduced):
 *   build/bin/looptile pocl-one-work-group-cbs.c -o k.cl
 *   POCL_WORK_GROUP_METHOD=cbs build/bin/looptile-run k.cl -D N=2,M=2 \
 *       --validate --device cpu --host-loops one-work-group
 *     # FAILED: 4 of 5 elements of A wrong (A[1]: 1, the C gives 6: the
 *     # guarded division by 5 ran twice, the kernel's `if (lt_lid == 0)`
 *     # lost); N = 7 and N = 33 fail too
 *   ... --set WG0_k9=1                                         # PASSED
 *   LOOPTILE_CL_OPTIONS=-cl-opt-disable ...                    # PASSED
 *   --host-loops launches                                      # PASSED
 *   oclgrind (OCLGRIND_BUILD_OPTIONS=-cl-opt-disable), work-groups of 2
 *     # no race, validated
 *   NVIDIA H200 (the device tool), --host-loops one-work-group with
 *   work-groups of 2, 32 and 256 at N = 2, 7, 33, 100       # 12 of 12 PASSED
 * Each of the kernel's three parts is needed (removing any one validates).
 * Since then the harness runs the one work-group on PoCL with cbs and
 * -cl-opt-disable (oclgrind checks it for races); the runtime's choice on
 * CPU devices stays the launches. */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
static inline int helper_habs(int x) {
  int h = x / 2;
  if (h < 0)
    h = -h;
  return h;
}
static int helper_twice(int x) {
  int t = x * 2;
  return t;
}
void f(int N, int M, int A[N + 3], const int image[37], const int P[N + 2]) {
  int s;
  int t;
  int u;
  int lid;
  for (int i = 0; i <= N - 1; i++) {
    A[i] = ((int)((float)(A[N - i - 1]) * 0.25f) + (N - image[P[i]])) % 7;
    A[i] = A[i + 1] % 7;
    for (int j = 0; j < N; j++) {
      A[j] = i / 3;
    }
    A[i] += helper_habs(P[i] + P[i]);
  }
  for (int i = 0; i <= N - 1; i++) {
    int i_out = (P[i] * ((A[i + 1] + 0) % 1000));
    for (int i_x = 1; i_x <= 1; i_x++) {
      A[i + 2] *= helper_twice(-(P[2*i_x] * 988)) % 2;
      if (i != N - 1) continue;
      A[i_x] /= A[i_x + 2] % 100 * (i_out % 64) % 5 + 5;
    }
    if (i % 2 == 0) continue;
    A[N - i - 1] = -(A[N - i - 1] - i_out) % 65536;
  }
  lid = 1;
  for (int i = 1; i < M; i++) {
    lid = (M < lid ? M : lid);
  }
}
