// Refused: the host glue is a C++ file that defines the C function under its
// own name (a drop-in replacement), which C++ cannot do for a function named
// like a C++ keyword. --emit=c is unaffected. Its twin, a function named
// like an OpenCL built-in (dot), is accepted with its kernel renamed
// (run-opencl-reserved-names.test).
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %looptile %s -o %t/new.cl 2>&1 | FileCheck %s
// RUN: not ls %t/new.cl
// RUN: %looptile %s --emit=c | FileCheck %s --check-prefix=C

void new(int N, float A[N]) {
  for (int i = 0; i < N; i++)
    A[i] = A[i] * 2.0f;
}
// CHECK: refuse-cxx-keyword-function.c:[[@LINE-4]]:6: error: function 'new' cannot be replaced by the C++ host glue: its name is reserved in C++ or by the glue; rename the function
// CHECK: looptile: error: no OpenCL code was generated
// C: void new(int N, float A[N]) {
