// A loop variable's name may be reused by sibling loops. Across nests each
// loop keeps its own type: the kernels compute `i % 8` in the type of the
// nest's own i (before, every kernel took the type of the function's last
// loop named i: `((uint)i) % 8 % 3 + 3` in the int nest made `A /= ...` an
// unsigned division, -8 / 4 = 1073741822; fuzz seed 21024). Within one nest
// a reused name must keep its type, else the nest is refused with the
// rewrite (the kernels name a loop variable's type by its name).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %s --function nests --schedule=as-written -o %t/nests.cl
// RUN: FileCheck %s --check-prefix=KERNELS < %t/nests.cl
// KERNELS: B[i] = i % 3 - 2;
// KERNELS: A[i] /= ((int)i) % 3 + 3;
// KERNELS: C[i] = ((uint)i) % 3;
// RUN: %if opencl %{ %looptile_run %t/nests.cl -D N=50 --device cpu --validate --reps 1 --no-progress | FileCheck %s --check-prefix=VALID %}
// VALID: validation: PASSED
//
// RUN: not %looptile %s --function siblings --print-ir 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: loop-var-types-siblings.c:[[@LINE+16]]:19: error: loop variable 'j' has type 'unsigned int', and an earlier loop of this nest named 'j' has type 'int'; sibling loops of one nest may share a name only with its type
// REFUSED: note: accepted instead: another name for this loop variable, or the type 'int' for both

void nests(long N, int A[N], long B[N], unsigned C[N]) {
  for (long i = 0; i < N; i++)
    B[i] = i % 3 - 2;
  for (int i = 0; i < N; i++)
    A[i] /= i % 3 + 3;
  for (unsigned i = 0; i < N; i++)
    C[i] = i % 3;
}

void siblings(long N, int A[N][N], int B[N][N]) {
  for (long i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i][j] = (j - 8) / 4;
    for (unsigned j = 0; j < N; j++)
      B[i][j] = A[i][j] + (int)(j % 3);
  }
}
