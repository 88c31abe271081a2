// The other two matmul forms get the same block-tiled kernel: the
// linearized one stages A[i*K + k] and B[k*N + j] (their flat subscripts
// depend on k and on one parallel loop each); the `C[i][j] +=` form keeps
// C[i][j] in a register for the reduction loop (scalar replacement: only
// this work-item touches that element, and the loop touches no other
// element of C), after a first kernel that zeroes C.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %examples/mmm_linearized.c --tile 16 -o %t/lin.cl
// RUN: FileCheck %s --check-prefix=LIN < %t/lin.cl
// RUN: %looptile %examples/mmm_accumulate.c --tile 16 -o %t/acc.cl --print-mapping | FileCheck %s --check-prefix=ACCMAP
// RUN: FileCheck %s --check-prefix=ACC < %t/acc.cl

// LIN: __local float A_tile[TS][TS + 1];
// LIN: __local float B_tile[TS][TS + 1];
// LIN: A_tile[a1][a0] = ((i0 + a1) <= M - 1 && (kk + a0) <= K - 1) ? A[i0*K + a1*K + kk + a0] : 0.0f;
// LIN: B_tile[a1][a0] = ((j0 + a0) <= N - 1 && (kk + a1) <= K - 1) ? B[kk*N + a1*N + j0 + a0] : 0.0f;
// LIN: sum += A_tile[l1][kl] * B_tile[kl][l0];
// LIN: C[i*N + j] = sum;

// ACCMAP: kernel mmm_accumulate_k0: naive, nest at {{.*}}:6
// ACCMAP: kernel mmm_accumulate_k1: block-tiled, nest at {{.*}}:9
// ACCMAP: note: 'C[i][j]' is kept in register 'C_reg' during loop 'k'

// ACC: void mmm_accumulate_k0(
// ACC: C[i*N + j] = 0.0f;
// ACC: void mmm_accumulate_k1(
// ACC: float C_reg;
// ACC: C_reg = C[i*N + j];
// ACC: C_reg += A_tile[l1][kl] * B_tile[kl][l0];
// ACC: C[i*N + j] = C_reg;
