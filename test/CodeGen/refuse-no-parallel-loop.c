// An in-place Gauss-Seidel sweep has no parallel loop (flow dependences
// (<, =) and (=, <) on A), so no NDRange mapping is sound: refused with the
// dependence, unless --single-work-item asks for a one-work-item kernel.
// Running the sequential i on the host does not help: for a fixed i, j
// still carries the flow dependence (<), so no host program either (the
// accepted counterparts: host-program-structure.test; the same sweep in a
// time loop: host_seidel_steps.c there).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %looptile %s -o %t/gs.cl 2>&1 | FileCheck %s
// RUN: %looptile %s --single-work-item -o %t/gs1.cl --print-mapping | FileCheck %s --check-prefix=SWI

void gauss_seidel(int N, float A[N][N]) {
  // CHECK: refuse-no-parallel-loop.c:[[@LINE+1]]:3: error: cannot map loop 'i' to OpenCL work-items: sequential: flow dependence S0 -> S0 on A, direction (<, =)
  for (int i = 1; i < N - 1; i++)
    // CHECK: refuse-no-parallel-loop.c:[[@LINE+1]]:5: note: with loop 'i' on the host, loop 'j' still cannot run as work-items: sequential: flow dependence S0 -> S0 on A, direction (<)
    for (int j = 1; j < N - 1; j++)
      A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
}
// CHECK: note: looptile maps the outermost parallel loops to the NDRange, launched from host loops where the loops around them are sequential; pass --single-work-item
// CHECK: looptile: error: no OpenCL code was generated

// SWI: kernel gauss_seidel: single work-item
// SWI-NOT: host program
