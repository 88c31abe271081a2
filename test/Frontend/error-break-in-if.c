// Refused: a `break` or `return` under an `if` ends the loop early, so the
// loop has no fixed iteration space. `if (c) continue;` directly in the
// loop's body is accepted as the rest of the body under the opposite
// condition (cont has the IR of cont_rewritten); a `continue` nested deeper
// would skip statements of an enclosing block too, and is refused with the
// rewrite (cont_nested).
// RUN: not %looptile %s --function brk --print-ir 2>&1 | FileCheck %s --check-prefix=BRK
// RUN: %looptile %s --function cont --print-ir | FileCheck %s --check-prefix=OK
// RUN: not %looptile %s --function cont_nested --print-ir 2>&1 | FileCheck %s --check-prefix=CONT
// RUN: not %looptile %s --function ret --print-ir 2>&1 | FileCheck %s --check-prefix=RET
// RUN: %looptile %s --function cont_rewritten --print-ir | FileCheck %s --check-prefix=OK

void brk(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      // BRK: error-break-in-if.c:[[@LINE+1]]:7: error: break and continue are not supported; loops must run their full iteration space (a loop that may stop early has no iteration space to analyse)
      break;
    A[i] = 1.0f;
  }
}

void cont(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      continue;
    A[i] = 1.0f;
  }
}

void cont_nested(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    if (A[i] < 1.0f) {
      if (A[i] < 0.0f)
        // CONT: error-break-in-if.c:[[@LINE+1]]:9: error: continue is supported only as the last statement of an 'if' without else that stands directly in the loop's body ('if (c) { ...; continue; }'); here it would skip statements of other blocks
        continue;
      A[i] = 2.0f;
    }
    A[i] += 1.0f;
  }
  // CONT: note: accepted instead: the statements after 'continue' inside an 'if' with the opposite condition
}

void ret(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    if (A[i] < 0.0f)
      // RET: error-break-in-if.c:[[@LINE+1]]:7: error: return statements are only supported as the last statement of the function; a return inside a loop ends every loop early
      return;
    A[i] = 1.0f;
  }
}

void cont_rewritten(int n, float A[n]) {
  for (int i = 0; i < n; i++) {
    if (!(A[i] < 0.0f))
      A[i] = 1.0f;
  }
}
// OK: S0: if (!(A[i] < 0.0f)) A[i] = 1.0f
