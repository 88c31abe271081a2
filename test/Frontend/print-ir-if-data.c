// A condition on data (an array element, a scalar) makes the statements it
// guards conditional: their writes are may-writes, the reads of the
// condition are reads of each guarded statement, and the condition is kept
// as written. Affine conjuncts (`i > 0`) still restrict the domain and come
// first. The else branch of a condition with a data part is guarded by the
// negation of the whole condition.
// RUN: %looptile %s --print-ir | FileCheck %s --match-full-lines --strict-whitespace

void relu(int n, const float X[n], float Y[n], float G[n]) {
  for (int i = 0; i < n; i++) {
    if (X[i] > 0.0f && i > 0) {
      Y[i] = X[i];
      G[i] = 1.0f;
    } else {
      Y[i] = 0.0f;
    }
  }
}

// CHECK:function relu(int n, const float X[n], float Y[n], float G[n])  // line 9
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 10
// CHECK-NEXT:    S0: if (i >= 1 && X[i] > 0.0f) Y[i] = X[i]  // line 12
// CHECK-NEXT:      read  X[i]
// CHECK-NEXT:      read  X[i]
// CHECK-NEXT:      may-write Y[i]
// CHECK-NEXT:    S1: if (i >= 1 && X[i] > 0.0f) G[i] = 1.0f  // line 13
// CHECK-NEXT:      read  X[i]
// CHECK-NEXT:      may-write G[i]
// CHECK-NEXT:    S2: if (!(X[i] > 0.0f && i > 0)) Y[i] = 0.0f  // line 15
// CHECK-NEXT:      read  X[i]
// CHECK-NEXT:      may-write Y[i]

// A local declared inside the branch, a scalar condition, and `!`.
void clamp(int n, float lo, const float A[n], float B[n]) {
  for (int i = 0; i < n; i++) {
    if (!(A[i] >= lo)) {
      float d = lo - A[i];
      B[i] = A[i] + d;
    }
  }
}

// CHECK:function clamp(int n, float lo, const float A[n], float B[n])  // line 34
// CHECK-NEXT:  local float d (declared in loop i)
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 35
// CHECK-NEXT:    S0: if (!(A[i] >= lo)) float d = lo - A[i]  // line 37
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      may-write d
// CHECK-NEXT:    S1: if (!(A[i] >= lo)) B[i] = A[i] + d  // line 38
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  d
// CHECK-NEXT:      may-write B[i]

// A single guarded statement may write what its condition reads: the
// condition is evaluated once, before it.
void flip(int n, float A[n]) {
  for (int i = 0; i < n; i++)
    if (A[i] < 0.0f)
      A[i] = -A[i];
}

// CHECK:function flip(int n, float A[n])  // line 58
// CHECK-NEXT:  for i in [0, n - 1] step 1  // line 59
// CHECK-NEXT:    S0: if (A[i] < 0.0f) A[i] = -A[i]  // line 61
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      read  A[i]
// CHECK-NEXT:      may-write A[i]
