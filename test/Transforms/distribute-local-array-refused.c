// Illegal twin of distribute-local-array.c: the read A[k] with k = 4 sees no
// write of that element in the iteration (j stops at 3), so A cannot be
// expanded along o, and without the expansion the new loops would not share
// A. Refused, with the expansion's reason as notes.
// RUN: not %looptile %s --distribute o 2>&1 | FileCheck %s
void fresh_uncovered(int N, const float B[N], float X[N]) {
  for (int o = 0; o < N; o++) {
    float A[5];
    for (int j = 0; j < 4; j++)
      A[j] = B[o] * (float)j;
    for (int k = 0; k < 5; k++)
      X[o] += A[k];
  }
}
// CHECK: distribute-local-array-refused.c:7:3: error: cannot distribute loop 'o': the local array 'A' declared in it is used by several of the new loops, and it cannot be expanded along 'o'
// CHECK: distribute-local-array-refused.c:7:3: note: cannot expand 'A' along loop 'o': the read 'A[k]' in S1 is not always preceded, in the same iteration of 'o', by a write of the same element (e.g. N = 1: o = 0, k = 4); it may read a value from before the loop
// CHECK: distribute-local-array-refused.c:12:15: note: read 'A[k]' in S1
// CHECK: looptile: error: --distribute o refused; nothing was emitted
