// An in-place Gauss-Seidel sweep has no parallel loop (flow dependences
// (<, =) and (=, <) on A), so no NDRange mapping is sound: refused with the
// dependence, unless --single-work-item asks for a one-work-item kernel.
// With the sequential i on the host, j still carries (<) for a fixed i: no
// host program either (the legal counterpart: host-program-structure.test).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %looptile %s -o %t/gs.cl 2>&1 | FileCheck %s
// RUN: %looptile %s --single-work-item -o %t/gs1.cl --print-mapping | FileCheck
// %s --check-prefix=SWI

void gauss_seidel(int N, float A[N][N]) {
  // CHECK: refuse-no-parallel-loop.c:[[@LINE+2]]:5: error: cannot map loop 'j'
  // to OpenCL work-items, even with loop 'i' on the host: sequential: flow
  // dependence S0 -> S0 on A, direction (<)
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
// CHECK: note: this nest cannot be split into host loops and kernels; pass
// --single-work-item CHECK: looptile: error: no OpenCL code was generated

// SWI: kernel gauss_seidel: single work-item
