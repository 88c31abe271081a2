// Subscripts whose strides are polynomials, not monomials: `i*(N + 1) + j`
// expands to i*N + i + j, which grouping by size monomials cannot split
// (the digit i + j is not below N). Grouped by the loop variables'
// coefficients, the strides 1 | N + 1 form a chain and isl proves
// 0 <= j + 1 <= N: the access is [i][j + 1], so the rows are independent.
// RUN: %looptile %s --function=rows --print-deps 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: flow A: S0 -> S0 (=, <)
// ROWS-NOT: assumed
// ROWS: loop i: parallel
// ROWS: loop j: sequential
void rows(int M, int N, float *restrict A) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      A[i * (N + 1) + j + 1] = A[i * (N + 1) + j] + 1.0f;
}

// The illegal twin: j runs to N, so the write at j = N is the next row's
// first element, which row i + 1 reads: the digit j + 1 reaches N + 1, the
// split is not proved, and the dependence is assumed at both loops.
// RUN: %looptile %s --function=spill --print-deps 2>&1 | FileCheck %s --check-prefix=SPILL
// SPILL: cannot analyse subscript of 'A[(N + 1)*i + j + 1]'
// SPILL: loop i: sequential
// SPILL: loop j: sequential
void spill(int M, int N, float *restrict A) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j <= N; j++)
      A[i * (N + 1) + j + 1] = A[i * (N + 1) + j] + 1.0f;
}

// im2col with flat indices and extents computed in locals (OH = H - K + 1,
// test/CodeGen/Inputs/im2col_flat.c): the written subscript expands to 28
// terms; its strides 1 | OW | OH*OW | K*OH*OW | K*K*OH*OW split it into
// [c][kh][kw][oh][ow], so every loop is parallel (before, every access to
// col was assumed to depend on every other).
// RUN: %looptile %S/../CodeGen/Inputs/im2col_flat.c --print-deps 2>&1 | FileCheck %s --check-prefix=IM2COL
// IM2COL-NOT: cannot analyse
// IM2COL: dependences:
// IM2COL-NEXT: none
// IM2COL: loop c: parallel
// IM2COL: loop kh: parallel
// IM2COL: loop kw: parallel
// IM2COL: loop oh: parallel
// IM2COL: loop ow: parallel
