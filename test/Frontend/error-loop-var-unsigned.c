// Refused: an unsigned loop variable wraps around instead of going below 0,
// so `i >= 0` is always true and this C loop never terminates; `n - 1` wraps
// too, for n = 0. Every such place of the function is reported in one run,
// with an example; so is every narrow loop variable. The accepted form
// counts down to 1 and subtracts in the body.
// RUN: not %looptile %s --function wraps --print-ir 2>&1 | FileCheck %s
// RUN: not %looptile %s --function narrow --print-ir 2>&1 | FileCheck %s --check-prefix=NARROW
// RUN: %looptile %s --function down_to_one --print-ir | FileCheck %s --check-prefix=OK

void wraps(unsigned n, float A[n]) {
  // CHECK: error-loop-var-unsigned.c:[[@LINE+2]]:21: error: 'n - 1' starting loop 'i' is compared or assigned in 'unsigned int' and wraps around where it is negative; write it without an unsigned subtraction (e.g. 'i + 1 < n' for 'i < n - 1') or use signed types (e.g. n = 0)
  // CHECK: error-loop-var-unsigned.c:[[@LINE+1]]:3: error: loop variable 'i' of type 'unsigned int' counts down past zero: after its last iteration 'i - 1' wraps around and the loop goes on; stop at a bound above zero ('i > 0' and 'i - 1' in the body) or use a signed type (e.g. n = 1, i = 0)
  for (unsigned i = n - 1; i >= 0; i--)
    A[i] = 0.0f;
  // CHECK: error-loop-var-unsigned.c:[[@LINE+1]]:28: error: 'n - 2' in the condition of loop 'j' is compared or assigned in 'unsigned int' and wraps around where it is negative
  for (unsigned j = 0; j < n - 2; j++)
    A[j] = 1.0f;
}

void narrow(int n, float A[n]) {
  // NARROW: error-loop-var-unsigned.c:[[@LINE+1]]:14: error: loop variable 'k' has type 'short'; looptile supports int, long, long long, their unsigned forms, size_t and ptrdiff_t (narrower types are promoted to int and wrap when converted back)
  for (short k = 0; k < 10; k++)
    A[k] = 1.0f;
  // NARROW: error-loop-var-unsigned.c:[[@LINE+1]]:13: error: loop variable 'c' has type 'char'
  for (char c = 0; c < 10; c++)
    A[c] = 2.0f;
}

void down_to_one(unsigned n, float A[n]) {
  for (unsigned i = n; i > 0; i--)
    A[i - 1] = 0.0f;
}
// OK: for unsigned int i in [1, n] step -1
// OK-NEXT: S0: A[i - 1] = 0.0f
