// A function may end with `return e;` (a scalar result): the value is read
// after the whole body, so a scalar it reads is live after every loop
// (liveness, privatization and expansion copy it out). --emit=c keeps the
// return; OpenCL generation returns it through a one-element buffer
// (CodeGen/run-return-value-pocl.test), and a return anywhere else stays
// refused.
// RUN: %looptile %s --function dot --print-ir | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %looptile %s --function dot --emit=c | FileCheck %s --check-prefix=C
// RUN: %looptile %s --function last_t --print-deps 2>&1 | FileCheck %s --check-prefix=LIVE
// RUN: %looptile %s --function dot --single-work-item -o %t.cl
// RUN: FileCheck %s --check-prefix=OPENCL < %t.json
// RUN: not %looptile %s --function early --print-ir 2>&1 | FileCheck %s --check-prefix=EARLY

float dot(int n, const float a[n], const float b[n]) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
// CHECK:function float dot(int n, const float a[n], const float b[n])  // line 14
// CHECK-NEXT:  local float s (function scope)
// CHECK-NEXT:  S0: float s = 0.0f  // line 15
// CHECK-NEXT:    write s
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 16
// CHECK-NEXT:    S1: s += a[i] * b[i]  // line 17
// CHECK-NEXT:      read  a[i]
// CHECK-NEXT:      read  b[i]
// CHECK-NEXT:      read  s
// CHECK-NEXT:      write s
// CHECK-NEXT:  return s
// CHECK-NEXT:    read  s
// C:      float dot(int n, const float a[n], const float b[n]) {
// C:        return s;
// C-NEXT: }
// OPENCL: {"name": "result", "kind": "buffer", "type": "float", "access": "out", "shape": ["1"], "returned": true}

float last_t(int n, const float a[n], float b[n]) {
  float t = 0.0f;
  for (int i = 0; i < n; i++) {
    t = a[i] * 2.0f;
    b[i] = t;
  }
  return t;
}
// LIVE: t: private (i: private), live after its loop
// LIVE: loop i: sequential: output dependence S1 -> S1 on t, direction (<) (t is private but live after the loop)

int early(int n, const float a[n]) {
  for (int i = 0; i < n; i++)
    if (a[i] > 0.0f)
      // EARLY: print-ir-return-value.c:[[@LINE+1]]:7: error: return statements are only supported as the last statement of the function; a return inside a loop ends every loop early
      return i;
  return -1;
}
