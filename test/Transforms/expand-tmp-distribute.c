// Legal: lecture 04, "Loop Distribution May Require Array Expansion". tmp is
// written before it is read in every iteration (private), so it is expanded
// into tmp_x[N]; then S1 -> S2 flow on B (<) and the self-cycle of S2 on B
// make SCCs {S0, S2} and {S1}: the A loop (S1) comes after the B loop.
// RUN: %looptile %examples/tmp_expansion.c --distribute | FileCheck %s
// RUN: %difftest %examples/tmp_expansion.c -- --distribute
// RUN: %looptile %examples/tmp_expansion.c --expand tmp | FileCheck %s --check-prefix=EXPAND
// RUN: %difftest %examples/tmp_expansion.c -- --expand tmp
// RUN: %difftest %examples/tmp_expansion.c -- --expand tmp --distribute i
// CHECK-NOT: error
// CHECK: void tmp_expansion(int N, float A[N], float B[N]) {
// CHECK:   float (*tmp_x) = __builtin_malloc(sizeof(float) * MAX(N, 1));
// CHECK-NEXT:   for (int i = 2; i < N; i++) {
// CHECK-NEXT:     tmp_x[i] = 2.0f * B[i - 2];
// CHECK-NEXT:     B[i] = tmp_x[i] + B[i - 1];
// CHECK-NEXT:   }
// CHECK-NEXT:   for (int i = 2; i < N; i++) {
// CHECK-NEXT:     A[i] = tmp_x[i];
// CHECK-NEXT:   }
// CHECK-NEXT:   __builtin_free(tmp_x);
// CHECK-NEXT: }
// EXPAND-NOT: error
// EXPAND:        float (*tmp_x) = __builtin_malloc(sizeof(float) * MAX(N, 1));
// EXPAND-NEXT:   for (int i = 2; i < N; i++) {
// EXPAND-NEXT:     tmp_x[i] = 2.0f * B[i - 2];
// EXPAND-NEXT:     A[i] = tmp_x[i];
// EXPAND-NEXT:     B[i] = tmp_x[i] + B[i - 1];
// EXPAND-NEXT:   }
