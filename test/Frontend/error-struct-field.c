// Refused: struct fields are not arrays the IR knows (no layout, no aliasing
// information).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

struct Grid {
  float v[64];
};
struct Grid g;

void f(int N, float A[N]) {
  for (int i = 0; i < 64; i++)
    // CHECK: error-struct-field.c:[[@LINE+1]]:12: error: struct fields are not supported
    A[i] = g.v[i];
}
// The refusal names the rewrite looptile accepts (issue 14):
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error-struct-field.c:13:12: note: accepted instead: the field passed as its own parameter ('float *data' for 's.data')
