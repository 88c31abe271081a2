// Illegal twin of the expansion in putting-together-gpu.c: the init nest now
// starts at k0 = 1, so row A[0][.] is written by no iteration, and the read
// A[k - 1][j] with k = 1 in the convergence nest reads a value from before
// the loop. Giving each i its own A_x[i] would make it read an element of
// A_x nothing wrote. Refused with the read and an instance (k = 1).
// RUN: not %looptile %s --expand A 2>&1 | FileCheck %s
#include <math.h>
void pt_partial(int M, int N, int T, float X[M][N][N], const float B[M][N][N],
                float A[N][N]) {
  for (int i = 0; i < M; i++) {
    for (int k0 = 1; k0 < N; k0++) {
      for (int j0 = 0; j0 < N; j0++) {
        float x = X[i][j0][k0];
        A[k0][j0] = x * x;
      }
    }
    for (int t = 0; t < T; t++) {
      for (int j = 1; j < N; j++) {
        for (int k = 1; k < N; k++) {
          A[k][j] = sqrtf(A[k][j] * A[k - 1][j]);
          X[i][k][j] += sqrtf(B[i][k - 1][j - 1]);
        }
      }
    }
  }
}
// CHECK: putting-together-expand-refused.c:10:3: error: cannot expand 'A' along loop 'i': the read 'A[k - 1][j]' in S2 is not always preceded, in the same iteration of 'i', by a write of the same element (e.g. {{.*}}k = 1); it may read a value from before the loop
// CHECK: putting-together-expand-refused.c:20:37: note: read 'A[k - 1][j]' in S2
// CHECK: looptile: error: --expand A refused; nothing was emitted
