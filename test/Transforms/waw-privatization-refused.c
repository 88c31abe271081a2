// Illegal twin of waw-privatization.c: the loop k that reads A now runs
// before the loop j that writes it, so in every iteration i >= 1 the read
// A[k] sees the value iteration i - 1 wrote (flow S1 -> S0 on A, (<)):
// privatizing A would change what it reads. Refused, naming the read, the
// dependence, its direction and an instance isl found.
// RUN: not %looptile %s --expand A 2>&1 | FileCheck %s
// Without the expansion the i loop is one dependence cycle through A (S0
// reads A[k] before S1 overwrites it, S1's values are read in the next
// iteration), and A, not private, gets no hint to expand it:
// RUN: not %looptile %s --distribute i 2>&1 | FileCheck %s --check-prefix=DIST
void waw_read_first(int N, int M, float X[N][M]) {
  float A[M];
  for (int i = 0; i < N; i++) {
    for (int k = 1; k < M; k++)
      X[i][k] = X[i][k - 1] * A[k];
    for (int j = 0; j < M; j++)
      A[j] = (float)((4 * i + 4 * j) % M);
  }
}
// CHECK: waw-privatization-refused.c:13:3: error: cannot expand 'A' along loop 'i': the read 'A[k]' in S0 may see a value written in an earlier iteration of loop 'i' (e.g. N = 2, M = 2: i = 1, k = 1), not one written earlier in the same iteration of 'i' (flow dependence S1 -> S0 on 'A', direction (<))
// CHECK-NEXT:   for (int i = 0; i < N; i++) {
// CHECK-NEXT:   ^
// CHECK-NEXT: waw-privatization-refused.c:17:7: note: source access 'A[j]' in S1
// CHECK:      waw-privatization-refused.c:15:31: note: sink access 'A[k]' in S0
// CHECK:      looptile: error: --expand A refused; nothing was emitted
// DIST: waw-privatization-refused.c:13:3: error: cannot distribute loop 'i': every statement of its body is in one dependence cycle: anti dependence S0 -> S1 on 'A' with direction (=), flow dependence S1 -> S0 on 'A' with direction (<)
// DIST-NOT: --expand A:i
// DIST: looptile: error: --distribute i refused; nothing was emitted
