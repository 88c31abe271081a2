// Transpose over 2-D array parameters: B is width x height.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void transpose2d(int height, int width, const float A[height][width],
                 float B[width][height]) {
  for (int i = 0; i < height; i++)
    for (int j = 0; j < width; j++)
      B[j][i] = A[i][j];
}

// CHECK:function transpose2d(int height, int width, const float A[height][width], float B[width][height])  // line 4
// CHECK-NEXT:  for i in [0, height - 1] step 1  // line 6
// CHECK-NEXT:    for j in [0, width - 1] step 1  // line 7
// CHECK-NEXT:      S0: B[j][i] = A[i][j]  // line 8
// CHECK-NEXT:        read  A[i][j]
// CHECK-NEXT:        write B[j][i]
// CHECK-NOT:{{.+}}
