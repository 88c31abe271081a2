// Refused: A[B[i]] is an indirect access whose address depends on data: a
// write there (a scatter) may hit one element from several iterations. The
// note spells the accepted rewrite (CodeGen/run-gather-scatter-pocl.test).
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

void f(int N, float A[N], const int B[N]) {
  for (int i = 0; i < N; i++)
    // CHECK: error-subscript-indirect.c:[[@LINE+2]]:7: error: non-affine subscript 'B[i]': array 'A' is written at an element that data selects (a scatter); looptile cannot tell which iterations write the same element
    // CHECK: note: accepted instead: a loop over the elements, each written where the index selects it: 'for (int e = 0; e < N; e++) if (B[i] == e) A[e] = 1.0f;' (the same writes, for indices in [0, N))
    A[B[i]] = 1.0f;
}
