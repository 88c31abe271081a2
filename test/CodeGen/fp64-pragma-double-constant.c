// A float function whose arithmetic is double (a double constant, a cast to
// double) needs cl_khr_fp64 enabled in the kernel file like a function with
// double buffers; a float-only function does not get the pragma.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %s --function dconst -o %t/d.cl
// RUN: FileCheck %s < %t/d.cl
// RUN: %looptile %s --function fonly -o %t/f.cl
// RUN: FileCheck %s --check-prefix=FLOAT < %t/f.cl

void dconst(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = A[i] * 0.1;
}
// CHECK: #pragma OPENCL EXTENSION cl_khr_fp64 : enable
// CHECK: A[i] = (float)((double)A[i] * 0.1);

void fonly(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = A[i] * 0.1f;
}
// FLOAT-NOT: cl_khr_fp64
// FLOAT: A[i] = A[i] * 0.1f;
