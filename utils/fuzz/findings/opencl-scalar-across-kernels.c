/* fuzz finding (NEW, OpenCL data movement; the scalar form of defect 6): a
 * function-scope scalar written in one nest and read in a later one. Each
 * nest becomes a kernel that declares its own uninitialized 's', so the
 * second kernel reads garbage (PoCL: validation FAILED; oclgrind: value
 * uninitialized). A nest that writes such a scalar is never mapped to
 * work-items (the scalar is live after it), so this takes
 * --single-work-item.
 *   build/bin/looptile opencl-scalar-across-kernels.c --single-work-item -o k.cl
 *   build/bin/looptile-run k.cl -D N=1 --validate     (A[0]: expected 1, got 0)
 * (utils/fuzz.py seeds 131 and 180 with the CI exclusions, reduced.) */
void f(int N, int A[N]) {
  int s;
  for (int l = 0; l < 2; l++) {
    s = 1;
  }
  for (int p = 0; p < 1; p++) {
    A[0] = s % 1000;
  }
}
