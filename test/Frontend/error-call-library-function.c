// Refused: library calls with side effects or hidden state (printf as a
// statement, rand in an expression) are not side-effect-free math.
// RUN: not %looptile %s --print-ir 2>&1 | FileCheck %s

#include <stdio.h>
#include <stdlib.h>

void f(int N, float A[N]) {
  for (int i = 0; i < N; i++) {
    // CHECK: error-call-library-function.c:[[@LINE+1]]:12: error: call to unknown function 'rand'; only side-effect-free math functions (sqrtf, fabsf, expf, fminf, fmaxf, ...) are supported
    A[i] = rand();
    // CHECK: error-call-library-function.c:[[@LINE+1]]:5: error: call to 'printf' as a statement is not supported; only side-effect-free math functions may be called, inside expressions
    printf("%f\n", A[i]);
  }
}
