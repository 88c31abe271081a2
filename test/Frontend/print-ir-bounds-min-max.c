// MIN/MAX macros in bounds become min(...)/max(...) lists: a strip-mined loop
// (ii steps by 16, i runs to MIN(ii + 16, N) exclusive) and a MAX lower bound.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

void strip_mined(int N, float A[N]) {
  for (int ii = 0; ii < N; ii += 16)
    for (int i = ii; i < MIN(ii + 16, N); i++)
      A[i] = 2.0f * A[i];
}

void band(int N, int W, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = MAX(0, i - W); j <= MIN(i + W, N - 1); j++)
      A[i][j] = 1.0f;
}

void nested_min(int N, int M, int K, float A[N]) {
  for (int i = 0; i < MIN(MIN(N, M), K); i++)
    A[i] = 0.0f;
}

// CHECK:function strip_mined(int N, float A[N])  // line 8
// CHECK-NEXT:  for ii in [0, N - 1] step 16  // line 9
// CHECK-NEXT:    for i in [ii, min(ii + 15, N - 1)] step 1  // line 10
// CHECK-NEXT:      S0: A[i] = 2.0f * A[i]  // line 11
// CHECK-NEXT:        read  A[i]
// CHECK-NEXT:        write A[i]
// CHECK-EMPTY:
// CHECK-NEXT:function band(int N, int W, float A[N][N])  // line 14
// CHECK-NEXT:  for i in [0, N - 1] step 1  // line 15
// CHECK-NEXT:    for j in [max(0, i - W), min(i + W, N - 1)] step 1  // line 16
// CHECK-NEXT:      S0: A[i][j] = 1.0f  // line 17
// CHECK-NEXT:        write A[i][j]
// CHECK-EMPTY:
// CHECK-NEXT:function nested_min(int N, int M, int K, float A[N])  // line 20
// CHECK-NEXT:  for i in [0, min(N - 1, M - 1, K - 1)] step 1  // line 21
// CHECK-NEXT:    S0: A[i] = 0.0f  // line 22
// CHECK-NEXT:      write A[i]
// CHECK-NOT:{{.+}}
