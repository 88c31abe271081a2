// An in-place Gauss-Seidel sweep has no parallel loop (flow dependences
// (<, =) and (=, <) on A), so no NDRange mapping is sound: refused with the
// dependence, unless --single-work-item asks for a one-work-item kernel.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %looptile %s -o %t/gs.cl 2>&1 | FileCheck %s
// RUN: %looptile %s --single-work-item -o %t/gs1.cl --print-mapping | FileCheck %s --check-prefix=SWI

void gauss_seidel(int N, float A[N][N]) {
  // CHECK: refuse-no-parallel-loop.c:[[@LINE+1]]:3: error: cannot map loop 'i' to OpenCL work-items: sequential: flow dependence
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
// CHECK: note: looptile maps the outermost parallel loops to the NDRange; pass --single-work-item
// CHECK: looptile: error: no OpenCL code was generated

// SWI: kernel gauss_seidel: single work-item
