// The lecture's block-tiled matmul (exercise 4): A[i][k] and B[k][j] are
// read-only and each invariant to one parallel loop, so both are staged in
// padded TS x (TS + 1) local tiles, with a barrier after the copy and one
// before the tiles are overwritten; partial tiles are zero-filled.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/mmm.c --tile 16 -o %t/mmm.cl --print-mapping | FileCheck %s --check-prefix=MAP
// RUN: FileCheck %s < %t/mmm.cl
// RUN: FileCheck %s --check-prefix=JSON < %t/mmm.json
// RUN: FileCheck %s --check-prefix=GLUE < %t/mmm.host.cpp

// Every line that names a loop ends in its location (file:line).
// MAP: kernel mmm: block-tiled, nest at {{.*}}examples/mmm.c:7
// MAP-NEXT:   loop i -> dimension 1 (group id 1, local id 1)  // {{.*}}examples/mmm.c:7
// MAP-NEXT:   loop j -> dimension 0 (group id 0, local id 0)  // {{.*}}examples/mmm.c:8
// MAP-NEXT:   loop k -> sequential in each work-item, in steps of TS  // {{.*}}examples/mmm.c:10
// MAP-NEXT:   staged in local memory: A[i][k] -> A_tile
// MAP-NEXT:   staged in local memory: B[k][j] -> B_tile
// MAP-NEXT:   work-group: TS x TS (TS = 16)
// MAP-NEXT:   local memory per work-group: 2*TS*(TS + 1)*4 = 2176 bytes
// MAP-NEXT:   outputs per work-item: 1

// CHECK: #ifndef TS
// CHECK-NEXT: #define TS 16
// CHECK: __kernel __attribute__((reqd_work_group_size(TS, TS, 1))) void mmm(
// CHECK: const int j = j0 + l0;
// CHECK: const int i = i0 + l1;
// CHECK: const bool active = j <= N - 1 && i <= M - 1;
// CHECK: __local float A_tile[TS][TS + 1];
// CHECK: __local float B_tile[TS][TS + 1];
// CHECK: for (int kk = 0; kk <= K - 1; kk += TS) {
// CHECK: A_tile[a1][a0] = ((i0 + a1) <= M - 1 && (kk + a0) <= K - 1) ? A[i0*K + a1*K + kk + a0] : 0.0f;
// CHECK: B_tile[a1][a0] = ((j0 + a0) <= N - 1 && (kk + a1) <= K - 1) ? B[kk*N + a1*N + j0 + a0] : 0.0f;
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // the tiles are complete
// CHECK: #pragma unroll
// CHECK: tmp += A_tile[l1][kl] * B_tile[kl][l0];
// CHECK: barrier(CLK_LOCAL_MEM_FENCE); // done with the tiles
// CHECK: C[i*N + j] = tmp;

// JSON: "function": "mmm"
// JSON: {"name": "A", "kind": "buffer", "type": "float", "access": "in", "shape": ["M", "K"]}
// JSON: {"name": "C", "kind": "buffer", "type": "float", "access": "out", "shape": ["M", "N"]}
// JSON: {"name": "TS", "default": 16
// JSON: "global": ["round_up(N, TS)", "round_up(M, TS)"], "local": ["TS", "TS"]
// JSON: "reduction_length": "K"
// JSON: "flops": "2*M*N*K"

// GLUE: extern "C" void looptile_dropin_mmm(int M, int N, int K, const float *A, const float *B, float *C) __asm__("mmm");
// GLUE: static looptile::rt::Session S(LooptileManifest, LooptileProgram);
// GLUE: looptile::rt::HostArg::out(C)
