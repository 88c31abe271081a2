// A local array initialised with a brace list is accepted (one assignment
// per element, CodeGen/run-init-arrays-pocl.test); a string literal, and a
// table too large to write element by element, are refused with the
// rewrite.
// RUN: %looptile %s --function ok --print-ir | FileCheck %s --check-prefix=OK
// RUN: not %looptile %s --function text --print-ir 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not %looptile %s --function big --print-ir 2>&1 | FileCheck %s --check-prefix=BIG

void ok(int n, int A[n]) {
  int t[3] = {7, 8};
  for (int i = 0; i < n; i++)
    A[i] = t[0] + t[2];
}
// OK: S0: t[0] = 7
// OK: S1: t[1] = 8
// OK: S2: t[2] = 0

void text(int n, char A[n]) {
  // TEXT: error-local-array-init.c:[[@LINE+1]]:8: error: local array 's' is initialised with something other than a brace list; looptile supports '= {1, 4, 6, 4, 1}'
  char s[4] = "abc";
  for (int i = 0; i < n; i++)
    A[i] = s[1];
}

void big(int n, float A[n]) {
  // BIG: error-local-array-init.c:[[@LINE+1]]:9: error: local array 'z' has 5000 initialised elements; looptile writes one statement per element, at most 4096
  float z[5000] = {0};
  for (int i = 0; i < n; i++)
    A[i] = z[4999];
}
// BIG: note: accepted instead: the elements assigned in a loop, or the table passed as a parameter
