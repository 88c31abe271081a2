// Refused: a C syntax error is reported by Clang itself, with its location,
// and no IR is built from the broken AST.
// RUN: not %looptile %s --print-ir > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 0 < %t.out

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-syntax.c:[[@LINE+1]]:16: error: expected ';' after expression
    A[i] = 1.0f
}
// Clang's diagnostic alone, without ClangTool's banner.
// CHECK-NOT: error generated
// CHECK-NOT: Error while processing
