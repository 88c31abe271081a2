// An in-place Gauss-Seidel sweep has no parallel loop (flow dependences
// (<, =) and (=, <) on A), so no NDRange mapping of the loops as written is
// sound: refused with the dependence, unless --single-work-item asks for a
// one-work-item kernel. Running the sequential i on the host does not
// help: for a fixed i, j still carries the flow dependence (<), so no host
// program either (the accepted counterparts: host-program-structure.test;
// the same sweep in a time loop: host_seidel_steps.c there). With no flags
// the affine scheduler finds the wavefront: the anti-diagonals i + j on the
// host, the points of one in parallel (each depends only on the previous
// two), validated exactly.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %looptile %s --schedule=as-written -o %t/gs.cl 2>&1 | FileCheck %s
// RUN: %looptile %s -o %t/wave.cl --print-mapping | FileCheck %s --check-prefix=WAVE
// RUN: %if opencl %{ for s in N=1 N=3 N=17 N=100; do %looptile_run %t/wave.cl -D $s --device cpu --validate --reps 1 --no-progress || exit 1; done | FileCheck %s --check-prefix=EXACT %}
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

// WAVE: step: affine schedule ({{.*}}refuse-no-parallel-loop.c:19): {{.*}}: S0[i, j] -> [i + j, i]
// WAVE: loop c in [2, 2*N - 4] step 1 -> on the host
// WAVE: kernel gauss_seidel: naive
// WAVE-NEXT: loop i -> dimension 0
// EXACT-COUNT-4: validation: PASSED (max abs error 0, max rel error 0; exact comparison)

// SWI: kernel gauss_seidel: single work-item
// SWI-NOT: host program
