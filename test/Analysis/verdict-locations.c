// Verdict lines end in their loop's file:line, as the user named the file,
// so that two nests with the same loop names tell apart (e.g. in grep).
// Nest 1: A[i][j] = A[i][j-1]: (=, <), i parallel, j sequential.
// Nest 2: A[i][j] = A[i-1][j]: (<, =), i sequential, j parallel.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/two-nests.c
// RUN: cd %t && %looptile two-nests.c --print-deps 2>/dev/null | grep 'loop [ij]:' | FileCheck %s
// CHECK:      loop i: parallel (every dependence is '=' at i or carried by an outer loop)  // two-nests.c:13{{$}}
// CHECK-NEXT: loop j: sequential: flow dependence S0 -> S0 on A, direction (=, <)  // two-nests.c:14{{$}}
// CHECK-NEXT: loop i: sequential: flow dependence S1 -> S1 on A, direction (<, =)  // two-nests.c:16{{$}}
// CHECK-NEXT: loop j: parallel (every dependence is '=' at j or carried by an outer loop)  // two-nests.c:17{{$}}

void f(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 1; j < N; j++)
      A[i][j] = A[i][j - 1];
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i - 1][j];
}
