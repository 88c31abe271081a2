// RUN: %looptile %s --print-deps=json 2>/dev/null | %python -c 'import json,sys; json.load(sys.stdin)'
// RUN: %looptile %s --print-deps=json 2>/dev/null | %python %S/Inputs/check_deps_json.py | FileCheck %s
// RUN: %looptile %s --print-deps=json 2>/dev/null | FileCheck %s --check-prefix=RAW
// RUN: %looptile %s --print-deps=json 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// The JSON form carries the same facts as the text form in the documented
// shape {"nests":[{"function","line","loops":[{"var","line","parallel",
// "reduction"}],"statements":[{"id","line"}],"dependences":[{"kind","array",
// "source","sink","direction","assumed"}],"scalars":[{"name","class"}]}]}.
// Vectors as in lecture-tmp-expansion.c and linearized-assumed.c.

void expansion(int N, float A[N], float B[N]) {
  float tmp;
  for (int i = 2; i < N; i++) {
    tmp = 2.0f * B[i - 2];
    A[i] = tmp;
    B[i] = tmp + B[i - 1];
  }
}

void matmul(int M, int N, int K, const float A[M][K], const float B[K][N],
            float C[M][N]) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float sum = 0.0f;
      for (int k = 0; k < K; k++)
        sum += A[i][k] * B[k][j];
      C[i][j] = sum;
    }
}

void unproven(int N, int M, float *restrict A) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j <= M; j++)
      A[i * M + j] = A[(i - 1) * M + j] * 0.5f;
}

// CHECK: nest expansion 13
// CHECK-NEXT: loop i line 13 sequential
// CHECK-NEXT: dep output tmp S0->S0 [<]
// CHECK-NEXT: dep flow tmp S0->S1 [<]
// CHECK-NEXT: dep flow tmp S0->S1 [=]
// CHECK-NEXT: dep flow tmp S0->S2 [<]
// CHECK-NEXT: dep flow tmp S0->S2 [=]
// CHECK-NEXT: dep anti tmp S1->S0 [<]
// CHECK-NEXT: dep flow B S2->S0 [<]
// CHECK-NEXT: dep anti tmp S2->S0 [<]
// CHECK-NEXT: dep flow B S2->S2 [<]
// CHECK-NEXT: scalar tmp private
// CHECK-NEXT: nest matmul 22
// CHECK-NEXT: loop i line 22 parallel
// CHECK-NEXT: loop j line 23 parallel
// CHECK-NEXT: loop k line 25 reduction
// CHECK: dep flow sum S1->S1 [=,=,<]
// CHECK: scalar sum reduction
// CHECK-NEXT: nest unproven 32
// CHECK-NEXT: loop i line 32 sequential
// CHECK-NEXT: loop j line 33 sequential
// CHECK-NEXT: dep flow A S0->S0 [*,*] assumed
// CHECK-NEXT: dep anti A S0->S0 [*,*] assumed
// CHECK-NEXT: dep output A S0->S0 [*,*] assumed
// CHECK-NEXT: ok

// The raw text starts with the top-level object, and statements carry lines.
// RAW: {"nests":[{"function":"expansion","line":13,"loops":[{"var":"i","line":13,
// RAW-SAME: "statements":[{"id":"S0","line":14,

// Diagnostics stay on stderr, out of the JSON.
// ERR: warning: cannot analyse subscript
