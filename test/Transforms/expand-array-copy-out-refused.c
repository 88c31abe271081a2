// Illegal twin of expand-array-copy-out.c: iteration i writes and reads
// A[i .. N - 1]. Every read is covered (so privatizing is fine inside the
// loop), but A is a parameter, live after the loop, and its final A[0] is
// the value iteration 0 wrote: the last iteration writes only A[N - 1], so
// the final values cannot be copied out from one iteration. Refused, with an
// element isl found.
// RUN: not %looptile %s --expand A 2>&1 | FileCheck %s
void suffix(int N, const float B[N][N], float A[N], float S[N]) {
  for (int i = 0; i < N; i++) {
    for (int j = i; j < N; j++)
      A[j] = B[i][j] * 2.0f;
    for (int k = i; k < N; k++)
      S[i] += A[k];
  }
}
// CHECK: expand-array-copy-out-refused.c:9:3: error: cannot expand 'A' along loop 'i': 'A' is live after the loop (a parameter), and the last iteration of 'i' does not write every element that an earlier iteration writes (e.g. N = 2: A[0]), so the final values cannot be copied out from the last iteration
// CHECK: looptile: error: --expand A refused; nothing was emitted
