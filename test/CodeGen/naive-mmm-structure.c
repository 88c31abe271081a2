// Naive kernel: i and j are parallel (one work-item per C element), k stays
// a loop in the work-item with tmp private. Dimension 0 is j because C[i][j]
// and B[k][j] are stride-1 in j (coalescing); guards for partial groups.
// Without flags the mapping stage register-tiles this contraction
// (test/Mapping/gemm.test); --schedule=as-written keeps the naive kernel.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/mmm.c --schedule=as-written -o %t/mmm.cl --print-mapping | FileCheck %s --check-prefix=MAP
// RUN: FileCheck %s < %t/mmm.cl

// MAP: kernel mmm: naive, nest at {{.*}}:7
// MAP-NEXT:   loop i -> dimension 1
// MAP-NEXT:   loop j -> dimension 0
// MAP-NEXT:   work-group: WG0 x WG1 (WG0 = 16, WG1 = 16)

// CHECK: if (get_global_id(0) >= (size_t)(N) || get_global_id(1) >= (size_t)(M))
// CHECK-NEXT:   return;
// CHECK-NEXT: const int j = (int)get_global_id(0);
// CHECK-NEXT: const int i = (int)get_global_id(1);
// CHECK-NEXT: float tmp;
// CHECK-NEXT: tmp = 0.0f;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT:   tmp += A[i*K + k] * B[k*N + j];
// CHECK-NEXT: }
// CHECK-NEXT: C[i*N + j] = tmp;
