/* fuzz finding (NEW, printer): a negation of a negation loses its
 * parentheses. -(-B[i]) is printed --B[i], a pre-decrement of B[i]: the
 * emitted C and the kernel compile and silently compute B[i] - 1 and also
 * modify B. -(-1) is printed --1, which does not compile.
 *   build/bin/looptile printer-double-negation.c --strip-mine i=2
 *   python3 utils/difftest.py utils/fuzz/findings/printer-double-negation.c -- --strip-mine i=2
 *   (mismatch: A[0] and B[0] differ from the original's)
 *   build/bin/looptile printer-double-negation.c -o k.cl   (same in the kernel) */
void f(int N, int A[N], int B[N]) {
  for (int i = 0; i < N; i++)
    A[i] = -(-B[i]);
}
