/* FIXED (see utils/fuzz/findings/README.md): a whole-nest (tree) reduction over a loop bounded by a long size
 * gives a kernel that does not build: its trip
 * count is written with OpenCL's max() on a long and an int,
 *   for (long p = get_global_id(0); p < max(M - 2, 0); ...)
 *   const long groups = max(min(((long)(max(M - 2, 0)) + WG0_k1 - 1) ...
 * an ambiguous call (PoCL 3.1: "call to '_cl_max' is ambiguous",
 * CL_BUILD_PROGRAM_FAILURE), while looptile exits 0. Issue 25 item 3 made
 * the kernels' MIN/MAX macros the C's conditional; the trip counts looptile
 * writes itself still call the overloads. Found by the generator's
 * index-types class (seed 1040, kind ocl-build; 57 of the 3072 programs of
 * the campaigns of 2026-11-26, every one '_cl_max' ambiguous: the tree
 * reduction's grid-stride loop, p < max(N + 1, 0), p < max(K - 1, 0), also
 * from a start of 0), reduced with
 * utils/fuzz.py --reduce 1040, at 72458d3:
 *   build/bin/looptile opencl-long-size-tree-reduction-max.c -o k.cl
 *   build/bin/looptile-run k.cl -D N=7,M=7 --device cpu --validate
 *     # exit 3: CL_BUILD_PROGRAM_FAILURE, call to '_cl_max' is ambiguous
 * The same with 'int M' builds and validates. By hand, smaller:
 *   void f(long M, const int A[M], int B[1]) {
 *     int red = 0;
 *     for (long i = 1; i < M - 1; i++) red += A[i];
 *     B[0] = red;
 *   }
 */
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
int f(long N, long M, int *restrict A) {
  int red;
  red = 1;
  for (long i = 1; i < M - 1; i++) {
    red -= 1;
  }
  (A + 1)[(0) - 1] = 1;
  return red;
}
