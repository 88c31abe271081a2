// Flags after -- go to Clang: -DN_DEFINED selects the first function, and
// -DWIDTH=8 gives the macro used in its bound. Without them, the #else branch.
// RUN: %looptile %s --print-ir -- -DN_DEFINED -DWIDTH=8 | FileCheck %s --check-prefix=DEF --match-full-lines --strict-whitespace
// RUN: %looptile %s --print-ir | FileCheck %s --check-prefix=UNDEF --match-full-lines --strict-whitespace

#ifdef N_DEFINED
void defined(float A[WIDTH]) {
  for (int i = 0; i < WIDTH; i++)
    A[i] = 1.0f;
}
#else
void undefined(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = 2.0f;
}
#endif

// DEF:function defined(float A[8])  // line 7
// DEF-NEXT:  for i in [0, 7] step 1  // line 8
// DEF-NEXT:    S0: A[i] = 1.0f  // line 9
// DEF-NEXT:      write A[i]
// DEF-NOT:{{.+}}

// UNDEF:function undefined(int N, float A[N])  // line 12
// UNDEF-NEXT:  for i in [0, N - 1] step 1  // line 13
// UNDEF-NEXT:    S0: A[i] = 2.0f  // line 14
// UNDEF-NEXT:      write A[i]
// UNDEF-NOT:{{.+}}
