// RUN: %looptile %examples/transpose.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s --check-prefix=TWOD
// Transposition: A is only read and B is only written, each B element
// once (B[j*height + i] delinearizes to B[j][i] since 0 <= i < height):
// no pair of accesses has a write to a location also accessed elsewhere,
// so there is no dependence and both loops are parallel.

// CHECK-NOT: warning:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK-NEXT: direction matrix (i, j):
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)

void transpose2d(int height, int width, const float A[height][width],
                 float B[width][height]) {
  for (int i = 0; i < height; i++)
    for (int j = 0; j < width; j++)
      B[j][i] = A[i][j];
}
// TWOD: dependences:
// TWOD-NEXT: none
// TWOD-NEXT: direction matrix (i, j):
// TWOD-NEXT: verdicts:
// TWOD-NEXT: loop i: parallel (every dependence is '=' at i or carried by an outer loop)
// TWOD-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)
