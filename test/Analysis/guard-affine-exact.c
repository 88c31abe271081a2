// RUN: %looptile %s --print-deps 2>&1 | FileCheck %s
// An affine guard restricts its statement's domain exactly, so it can make a
// loop parallel that would not be without it. In pairs: the guarded loop and
// the same loop with the guard removed or moved by one.

// The interior is computed from the two border elements: with the guard,
// A[0] and A[n - 1] are never written (parallel); without it, iteration 0
// writes A[0], which every later iteration reads.
void interior(int n, float A[n], const float B[n]) {
  for (int i = 0; i < n; i++)
    if (i > 0 && i < n - 1)
      A[i] = 0.5f * (A[0] + A[n - 1]) + B[i];
}
// CHECK-LABEL: nest interior:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void interior_unguarded(int n, float A[n], const float B[n]) {
  for (int i = 0; i < n; i++)
    A[i] = 0.5f * (A[0] + A[n - 1]) + B[i];
}
// CHECK-LABEL: nest interior_unguarded:
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<)

// The upper half reads the lower half: independent with `i >= n`; with `i >=
// n - 1`, A[n - 1] is written at i = n - 1 and read at i = 2n - 1.
void halves(int n, float A[2 * n]) {
  for (int i = 0; i < 2 * n; i++)
    if (i >= n)
      A[i] = A[i - n];
}
// CHECK-LABEL: nest halves:
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel

void halves_overlap(int n, float A[2 * n]) {
  for (int i = 0; i < 2 * n; i++)
    if (i >= n - 1)
      A[i] = A[i - n];
}
// CHECK-LABEL: nest halves_overlap:
// CHECK: flow A: S0 -> S0 (<)  A[i] -> A[i - n]
// CHECK: loop i: sequential: flow dependence S0 -> S0 on A, direction (<)

// if/else writing the same element: the two branches' domains are
// disjoint, so there is no output dependence between them, and the border
// branch (a copy of the neighbour) is exact too.
void branches(int n, int m, const float A[n][m], float B[n][m]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      if (i > 0 && i < n - 1 && j > 0 && j < m - 1)
        B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1];
      else
        B[i][j] = A[i][j];
    }
}
// CHECK-LABEL: nest branches:
// CHECK: statements:
// CHECK-NEXT: S0: if (i >= 1 && i <= n - 2 && j >= 1 && j <= m - 2) B[i][j] = A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]  // line [[@LINE-7]], in (i, j)
// CHECK-NEXT: S1: if (i <= 0 || i >= n - 1 || j <= 0 || j >= m - 1) B[i][j] = A[i][j]  // line [[@LINE-6]], in (i, j)
// CHECK: dependences:
// CHECK-NEXT: none
// CHECK: loop i: parallel
// CHECK: loop j: parallel

// In place: the border column copies from the row above, the interior adds
// its left neighbour. The dependences are exact: S1 never reads what S0
// writes through A[i - 1][j] (j = 0 is not in S1's domain), and S1 -> S0
// does not exist (S0 reads only column 0, which S1 never writes); without
// the guards both would appear.
void in_place(int n, float A[n][n]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (j == 0)
        A[i][j] = A[i - 1][j];
      else
        A[i][j] = A[i][j - 1] + A[i - 1][j];
    }
}
// CHECK-LABEL: nest in_place:
// CHECK: dependences:
// CHECK-NEXT: flow A: S0 -> S0 (<, =)  A[i][j] -> A[i - 1][j]
// CHECK-NEXT: flow A: S0 -> S1 (=, <)  A[i][j] -> A[i][j - 1]
// CHECK-NEXT: flow A: S1 -> S1 (=, <)  A[i][j] -> A[i][j - 1]
// CHECK-NEXT: flow A: S1 -> S1 (<, =)  A[i][j] -> A[i - 1][j]
// CHECK-NEXT: direction matrix
