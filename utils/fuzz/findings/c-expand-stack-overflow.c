/* FIXED (test/Transforms/expand-heap-scopes.c: local arrays of a variable size or
 * over 64 KiB are allocated on the heap). Found by this session's campaign on the H200 host's CPU, seed
 * 60359 with every class on, kind run-crash; the same at 1ec38d9): the C of
 * `--expand T:i:11,j` declares the expanded array in automatic storage,
 * `int T_x[39][38][39][38]` (8.8 MB), which overflows an 8 MB C stack: the
 * transformed function crashes (SIGSEGV) at every size. Seed 60180 is the
 * same with a variable-size array (`int A_x[N][N][2N+1][N+1][N+1]`, 13 MB
 * at N = 17). The expansion is legal; the storage is the problem (a large
 * expansion could be refused, or its array allocated on the heap).
 *   build/bin/looptile c-expand-stack-overflow.c --expand T:i:21,j --emit=c
 */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define C1 -2
static int helper_twice(int x) {
  int t = x * 2;
  return t;
}
int f(int N, int VW, int K, int A_x[N + 2], int A[5][37], int min[K][K + 1]) {
  int T[39][38];
  int red;
  for (int i = 0; i < 39; i++) {
    for (int j = 0; j < 38; j++) {
      T[i][j] = min[0][0] % ((min[0][1] - A_x[1]) % 4 + 4);
    }
  }
  for (int i = N - 1; i > -1; i--) {
    A_x[i] = A[2][i] % 1000;
  }
  --A_x[2];
  red = -3;
  for (int i = 0; i < K - 1; i++) {
    red += helper_twice(A_x[0] % 1000 * (A_x[2] % 16));
  }
  T[0][0] = red % 65536;
  return red;
}
