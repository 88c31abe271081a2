// Illegal (twin of lecture-nest2-interchange.c): lecture 04, third nest.
// S0 -> S0 on A has direction (<, >); interchanged it becomes (>, <), a row
// whose leftmost non-'=' entry is '>', so the interchange is refused.
// RUN: not %looptile %s --interchange i,j > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=EMPTY --allow-empty < %t.out
void nest3(int N, float A[N][N + 1]) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = A[i - 1][j + 1] + 1.0f;
}
// CHECK: lecture-nest3-interchange-refused.c:8:3: error: cannot interchange loops 'i' and 'j': flow dependence S0 -> S0 on 'A' has direction (<, >), which becomes (>, <) ('>' as the leftmost non-'=' entry)
// CHECK-NEXT: for (int i = 1; i < N; i++)
// CHECK-NEXT: ^
// CHECK-NEXT: lecture-nest3-interchange-refused.c:10:7: note: source access 'A[i][j]' in S0
// CHECK: lecture-nest3-interchange-refused.c:10:17: note: sink access 'A[i - 1][j + 1]' in S0
// CHECK: looptile: error: --interchange i,j refused; nothing was emitted
// EMPTY-NOT: {{.}}
