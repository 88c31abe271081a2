// Diagnostics name the file as the user did, in the frontend (Clang's own
// errors and looptile's refusals) and in the analysis alike, with no
// ClangTool banner ("1 error generated.", "Error while processing ...").
// RUN: rm -rf %t && mkdir -p %t/sub && cp %s %t/sub/input.c
// RUN: cd %t && not %looptile sub/input.c --print-ir -- -DBROKEN 2> %t/syntax.err
// RUN: FileCheck %s --check-prefix=SYNTAX --implicit-check-not=generated --implicit-check-not=processing < %t/syntax.err
// RUN: cd %t && not %looptile ./sub/../sub/input.c --print-ir -- -DNONAFFINE 2> %t/nonaffine.err
// RUN: FileCheck %s --check-prefix=NONAFFINE --implicit-check-not=generated --implicit-check-not=processing < %t/nonaffine.err
// RUN: cd %t/sub && %looptile input.c --print-deps 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
// A Clang warning keeps its flag, and the path; -Werror makes it an error.
// RUN: cd %t && %looptile sub/input.c --print-ir -- -Wall 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: cd %t && not %looptile sub/input.c --print-ir -- -Werror=unused-variable 2>&1 >/dev/null | FileCheck %s --check-prefix=WERROR
// An unknown Clang flag after `--` is an error that stops the run (it used
// to be printed and then ignored, with exit status 0).
// RUN: cd %t && not %looptile sub/input.c --print-ir -- -fbogus-flag 2>&1 >/dev/null | FileCheck %s --check-prefix=BADFLAG

// SYNTAX: {{^}}sub/input.c:[[@LINE+2]]:15: error: expected ';' after top level declarator
#ifdef BROKEN
int broken = 1
#endif

// NOTE: {{^}}input.c:[[@LINE+1]]:6: note: looptile assumes that distinct array parameters do not overlap in memory
void f(int N, float A[N * N], const float B[N]) {
  // WARN: {{^}}sub/input.c:[[@LINE+2]]:7: warning: unused variable 'unused' [-Wunused-variable]
  // WERROR: {{^}}sub/input.c:[[@LINE+1]]:7: error: unused variable 'unused' [-Werror,-Wunused-variable]
  int unused;
  for (int i = 0; i < N; i++)
#ifdef NONAFFINE
    // NONAFFINE: {{^}}./sub/../sub/input.c:[[@LINE+1]]:7: error: non-affine subscript 'i * i': it multiplies loop variables
    A[i * i] = 0.0f;
#else
    A[i] = B[i];
#endif
}
// BADFLAG: looptile: error: unknown argument: '-fbogus-flag'
