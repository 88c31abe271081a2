// RUN: %looptile %s --print-deps 2>&1 >/dev/null | FileCheck %s
// RUN: %looptile %s --print-deps -- -DRESTRICT 2>&1 >/dev/null | FileCheck %s --check-prefix=QUIET
// Dependences exist only between accesses to the same variable. Distinct
// array parameters are assumed not to overlap (one note per run); a pointer
// parameter without restrict used in a nest that writes a parameter gets a
// warning naming what it is assumed not to alias; restrict silences it.
#ifdef RESTRICT
#define R restrict
#else
#define R
#endif

void arrays(int N, float A[N], const float B[N]) {
  for (int i = 0; i < N; i++)
    A[i] = B[i];
}

void pointers(int N, float *R A, const float *R B) {
  for (int i = 0; i < N; i++)
    A[i] = B[i];
}

void mixed(int N, float A[N], const float *R B) {
  for (int i = 0; i < N; i++)
    A[i] = B[i];
}

// Nothing but a local scalar is written in the nest: no warning.
void read_only(int N, const float *A, const float *B, float Out[1]) {
  float s = 0.0f;
  for (int i = 0; i < N; i++)
    s += A[i] * B[i];
  Out[0] = s;
}

// CHECK: :13:6: note: looptile assumes that distinct array parameters do not overlap in memory
// CHECK-NOT: note: looptile assumes
// CHECK: :18:{{[0-9]+}}: warning: pointer parameter 'A' is not restrict-qualified; looptile assumes it does not alias 'B' (declare it restrict to state this)
// CHECK: :18:{{[0-9]+}}: warning: pointer parameter 'B' is not restrict-qualified; looptile assumes it does not alias 'A'
// CHECK: :23:{{[0-9]+}}: warning: pointer parameter 'B' is not restrict-qualified; looptile assumes it does not alias 'A'
// CHECK-NOT: warning:
// CHECK-NOT: note: looptile assumes

// QUIET: note: looptile assumes that distinct array parameters do not overlap in memory
// QUIET-NOT: warning:
// QUIET-NOT: note: looptile assumes
