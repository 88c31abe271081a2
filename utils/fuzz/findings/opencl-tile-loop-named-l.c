/* fuzz finding (NEW instance of defect 5's class: invented names clash with
 * the program's): a block-tiled kernel declares its local ids l0, l1 and,
 * for a mapped loop named l, that loop's group origin l0 as well:
 *   const int l0 = (int)get_local_id(0), l1 = (int)get_local_id(1);
 *   const int l0 = (int)get_group_id(0) * TS;
 * "redefinition of 'l0'": the kernel does not build.
 *   build/bin/looptile opencl-tile-loop-named-l.c --tile 4 -o k.cl
 *   build/bin/looptile-run k.cl --validate
 * (utils/fuzz.py seed 5005 with the CI exclusions, reduced.) */
void f(const int B[35][36]) {
  for (int k = 0; k < 2; k++) {
    for (int l = 0; l < 2; l++) {
      int sum = 0;
      for (int m = 0; m < 2; m++) {
        sum = B[k][m];
      }
    }
  }
}
