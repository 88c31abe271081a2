/* FIXED on main (utils/fuzz/findings/README.md); was OPEN: the host glue (FILE.host.cpp) of a function named like a function
 * the C library declares in the headers the runtime's includes pull in
 * (select from <sys/select.h>, random from <stdlib.h>) does not compile:
 *   k.host.cpp:71:17: error: conflicting declaration of C function
 *   'void select(int, int*, const int*)'
 * while looptile exits 0 (the kernels and the reference shim are fine:
 * findings/opencl-seed102-naive-mismatch.c fixed the shim). 'index', 'dot',
 * 'kernel' compile. Found by the aliasing-call oracle, which compiles the
 * glue of every program's first validated kernel (campaign seed 1059, a
 * function named select by the hostile-names class), at 72458d3:
 *   build/bin/looptile glue-function-named-select.c -o k.cl
 *   c++ -std=c++17 -Iruntime/include -c k.host.cpp   # error above
 */
void select(int n, int A[n], const int B[n]) {
  for (int i = 0; i < n; i++)
    A[i] = B[i] + 1;
}
