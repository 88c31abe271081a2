/* fuzz seed 102 (CI seed list, 2026-11-23), reduced; fixed: validation
 * FAILED a correct kernel because the reference never ran.
 *   build/bin/looptile opencl-seed102-naive-mismatch.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=1,M=1 --validate
 * A: expected 5, got 4. The kernel was right; the reference shim was not:
 * it is a dlopen'ed shared object whose functions had default visibility,
 * so its call to select() bound to the C library's select(), which
 * looptile-run had already loaded (ELF interposition). The "expected"
 * values were the untouched inputs (or whatever libc's select wrote: the
 * unreduced seed saw -1 and 0). The shim is compiled with
 * -fvisibility=hidden now (test/Runtime/reference-libc-names.test). */
void select(int N, int M, int A[N + 1][M][N + 3]) {
  for (int i = 0; i < 1; i++) {
    A[0][0][0]--;
  }
}
