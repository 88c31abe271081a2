// Guards in the kernels: each guarded statement keeps its condition (the
// affine part as constraints, the data part as written, the else branch of a
// data condition as its negation); the global ids replace only the mapped
// loops, so the guard's loop variables keep their names. Affine guards are
// exact: stencil_border's two branches write every element of B, so B is
// out (the host need not upload it); a write under a condition on data
// leaves the other elements as they were (inout, run-guarded-pocl.test).
// --tile keeps
// the plain kernel with TS x TS work-groups for conditional code.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/stencil_border.c -o %t/s.cl
// RUN: FileCheck %s --check-prefix=STENCIL < %t/s.cl
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/s.json
// RUN: %looptile %examples/stencil_border.c --tile 16 -o %t/t.cl --print-mapping | FileCheck %s --check-prefix=TILE
// RUN: %looptile %S/Inputs/guarded.c --function relu -o %t/r.cl
// RUN: FileCheck %s --check-prefix=RELU < %t/r.cl
// RUN: %looptile %S/Inputs/guarded.c --function clamp_local -o %t/c.cl
// RUN: FileCheck %s --check-prefix=LOCAL < %t/c.cl
// RUN: %looptile %S/Inputs/guarded.c --function in_place --single-work-item -o %t/i.cl
// RUN: FileCheck %s --check-prefix=SINGLE < %t/i.cl

// A stencil: each work-item a strip of RS rows (docs/kernels.md, "Strips of
// rows"), every row's statements under their own guards.
// STENCIL:      if (get_global_id(0) >= (size_t)(m) || get_global_id(1) * RS >= (size_t)(n))
// STENCIL-NEXT:   return;
// STENCIL-NEXT: const int j = (int)get_global_id(0);
// STENCIL-NEXT: const int row0 = (int)get_global_id(1) * RS;
// STENCIL-NEXT: #pragma unroll
// STENCIL-NEXT: for (int r = 0; r < RS; r++) {
// STENCIL-NEXT:   const int i = row0 + r;
// STENCIL-NEXT:   if (i > n - 1)
// STENCIL-NEXT:     return;
// STENCIL-NEXT:   if (i >= 1 && i <= n - 2 && j >= 1 && j <= m - 2)
// STENCIL-NEXT:     B[i*m + j] = 0.2f * (A[i*m + j] + A[(i - 1)*m + j] + A[(i + 1)*m + j] + A[i*m + (j - 1)] + A[i*m + (j + 1)]);
// STENCIL-NEXT:   if (i <= 0 || i >= n - 1 || j <= 0 || j >= m - 1)
// STENCIL-NEXT:     B[i*m + j] = A[i*m + j];
// STENCIL-NEXT: }
// STENCIL-NEXT: }

// MANIFEST: {"name": "A", "kind": "buffer", "type": "float", "access": "in", "shape": ["n", "m"]}
// MANIFEST: {"name": "B", "kind": "buffer", "type": "float", "access": "out", "shape": ["n", "m"]}

// TILE:      kernel stencil_border: naive, nest at {{.*}}:6
// TILE:      work-group: WG0 x WG1 (WG0 = 16, WG1 = 16)
// TILE:      note: --tile 16: no local-memory tiling for this nest (the statement at line 9 runs under a condition); its work-groups are tiles without staging

// RELU:      if (j >= 1 && X[i*m + j] > 0.0f)
// RELU-NEXT:   Y[i*m + j] = X[i*m + j];
// RELU-NEXT: if (j >= 1 && X[i*m + j] > 0.0f)
// RELU-NEXT:   G[i*m + j] = 1.0f;
// RELU-NEXT: if (!(X[i*m + j] > 0.0f && j > 0))
// RELU-NEXT:   Y[i*m + j] = 0.0f;

// LOCAL:      float d;
// LOCAL-NEXT: if (!(A[i] >= lo))
// LOCAL-NEXT:   d = lo - A[i];
// LOCAL-NEXT: if (!(A[i] >= lo))
// LOCAL-NEXT:   B[i] = A[i] + d * 0.5f;

// SINGLE:      for (int j = 0; j < n; j++) {
// SINGLE-NEXT:   if (j == 0)
// SINGLE-NEXT:     A[i*n + j] = A[(i - 1)*n + j];
// SINGLE-NEXT:   if (j <= -1 || j >= 1)
// SINGLE-NEXT:     A[i*n + j] = 0.5f * (A[i*n + (j - 1)] + A[(i - 1)*n + j]);
