// Refused: a file without any for loop has nothing to translate; saying so is
// better than printing an empty IR.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s
// CHECK: looptile: error: no function with a for loop nest found in '{{.*}}error-no-for-loop.c'

void copy(float A[4], const float B[4]) {
  A[0] = B[0];
  A[1] = B[1];
}
