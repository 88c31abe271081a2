/* OPEN (found by the device campaign of 2026-11-28, fourteenth session,
 * seed 1840831; not reduced): the kernels of this program, with no flags,
 * compute B wrong on the H200's NVIDIA OpenCL compiler:
 *   looptile opencl-nvidia-store-order.c -o K.cl
 *   looptile-run K.cl -D N=7,M=7,c=7 --validate --device gpu
 *     # FAILED: B[0][4] expected 12, got -1 (9 of 1369 elements wrong);
 *     # also at N = 5, 6, 8; N = 2, 3, 4 pass
 *   LOOPTILE_CL_OPTIONS=-cl-opt-disable looptile-run ... --device gpu  # PASSED
 * The campaign found it on the GPU machine's PoCL 5.0 (its harness runs
 * PoCL: the same element wrong, with the harness's own inputs); with
 * looptile-run's default inputs PoCL 5.0 (three runs, every work-group
 * method) and Debian's 3.1 here pass. Two LLVM-based compilers failing
 * alike points at the kernel text or at a shared optimization. B[0][4] is written only by
 * kernel f_k2 (the nest at line 24, one work-item per row i), whose
 * iteration lx = 2 stores -1 into B[i][N - lx - 1] = B[0][4] and then
 * reads it back in B[i][lx + 2] = (lx * M + lx * B[i][lx + 2]) % 4093:
 * expected 12, and -1 means that statement's store was lost or it read
 * an older value. A mem_fence(CLK_GLOBAL_MEM_FENCE) before that statement
 * makes it pass; without `restrict`, with the two guarded statements in
 * one `if`, or with the remainder in long, it fails alike. The kernel
 * text before this session's changes (c776f0a) fails identically. Not
 * yet known: whether the kernel text has undefined behaviour that the
 * optimizer uses, or the compiler is wrong; next: reduce it (one kernel,
 * one row) and read the PTX (bench/gpu_sass.sh). */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define C1 7
#define FHALF 0.5f
void f(long N, long M, int c, int A[M + 1][M + 3], int B[37][37]) {
  int red;
  for (long i = 0; i <= M - 2; i++) {
    for (long j = i; j >= 1; j -= 2) {
      B[i][M - j - 1] *= -(-j) * (B[i][i + 1] % 4) % 2;
      B[i][j] = (c + (B[i][j + 1] + i)) % (-32 % 2 + 2);
      A[i][j + 1] = B[i][M - j - 1] % 5 / (i % 3 + 3);
    }
  }
  for (long i = 0; i <= N - 1; i++) {
    for (long lx = 0; lx <= M; lx++) {
      int acc = 0;
      for (long k = lx; k >= 1; k--) {
        int x = B[lx][k + 2] / ((A[k][lx + 1] + lx) % 4 + 4) % 7;
        acc += x % 100;
      }
      acc = acc % 97;
    }
  }
  for (long i = 0; i <= N - 2; i++) {
    if (B[i][0] == 23) B[i][0] -= A[1][2] % 3;
    for (long lx = 1; lx <= N - 1; lx++) {
      B[i][lx + 2] = (B[i][lx + 3] - B[i][N - lx - 1]) % 7;
      if (i >= lx) continue;
      B[i][N - lx - 1] = -1 % (B[i][lx] % ((N - 727) % 2 + 2) % 4 + 4);
      B[i][lx + 2] = (lx * M + lx * B[i][lx + 2]) % 4093;
    }
    for (long j = i; j >= 1; j--) {
      B[i][j] = (int)((float)((B[i][j - 1] + i) % 4096) * 0.25f);
    }
    if (B[i][i] != -41) continue;
    B[i][i] = c;
  }
  red = -1;
  for (long i = 0; i < N - 1; i++) {
    red += (int)((float)((i + B[N - i - 1][N - i - 1]) % 4096) * 2.0f);
  }
}
