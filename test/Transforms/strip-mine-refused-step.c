// Refused (twin of strip-mine-nondivisible.c): strip-mining is legal for any
// loop, but looptile only strip-mines loops with step 1; a loop counting down
// or with step 3 is refused with a clear message (a limitation, not illegality).
// RUN: not %looptile %s --strip-mine i=4 2>&1 | FileCheck %s
// RUN: not %looptile %s --strip-mine j=4 2>&1 | FileCheck %s --check-prefix=STEP3
void down(int N, float A[N], const float B[N]) {
  for (int i = N - 1; i >= 0; i--)
    A[i] = B[i] * 2.0f;
  for (int j = 1; j < N; j += 3)
    A[j] = B[j] + A[j - 1];
}
// CHECK: strip-mine-refused-step.c:7:3: error: cannot strip-mine: loop 'i' has step -1; only loops with step 1 can be strip-mined
// CHECK: looptile: error: --strip-mine i=4 refused; nothing was emitted
// STEP3: strip-mine-refused-step.c:9:3: error: cannot strip-mine: loop 'j' has step 3; only loops with step 1 can be strip-mined
