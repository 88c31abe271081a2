// The expression printer keeps the source's tree: a right operand of the
// same precedence keeps its parentheses for every operator (floating point
// is not associative: with b = 1e8, c = -1e8 the first statement gives 0 and
// `b + c + 1.0f` gives 1), a left one never needs them; unary minus, casts,
// `%` and mixed int/float arithmetic keep their operands grouped. The same
// printer serves --emit=c, --print-ir and the OpenCL kernels.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %looptile %s --emit=c | FileCheck %s --check-prefixes=CHECK,C
// RUN: %looptile %s -o %t/assoc.cl
// RUN: FileCheck %s --check-prefixes=CHECK,CL < %t/assoc.cl
// Printing is a fixed point: the emitted C reads back as the same trees.
// RUN: %looptile %s --emit=c -o %t/once.c
// RUN: %looptile %t/once.c --emit=c -o %t/twice.c
// RUN: diff %t/once.c %t/twice.c

void assoc(int N, float a[N], const float b[N], const float c[N],
           const int k[N], double d[N]) {
  for (int i = 0; i < N; i++) {
    a[i] = b[i] + (c[i] + 1.0f);
    a[i] = (b[i] + c[i]) + 1.0f;
    a[i] = b[i] * (c[i] * 3.0f);
    a[i] = (b[i] * c[i]) * 3.0f;
    a[i] = b[i] / (c[i] * 2.0f);
    a[i] = b[i] / (c[i] / 2.0f);
    a[i] = b[i] * (c[i] / 2.0f);
    a[i] = b[i] - (c[i] - 1.0f);
    a[i] = b[i] - (c[i] + 1.0f);
    a[i] = b[i] + (c[i] - 1.0f);
    a[i] = (b[i] + c[i]) * (b[i] - c[i]);
    a[i] = -(b[i] * c[i]);
    a[i] = -(-b[i]);
    a[i] = -b[i] * c[i];
    a[i] = b[i] - -c[i];
    a[i] = (float)(k[i] % 3) + (float)(k[i] % (N + 1));
    a[i] = (float)((k[i] + 1) % (k[i] * 2 + 3));
    d[i] = (double)(b[i] * c[i]) * 2.0;
    d[i] = 1.0 / (N * (k[i] + 1));
    a[i] = b[i] * (c[i] * (b[i] * (c[i] * 0.5f)));
  }
}

// C: void assoc(
// CL: __kernel {{.*}} void assoc(
// CHECK: a[i] = b[i] + (c[i] + 1.0f);
// CHECK-NEXT: a[i] = b[i] + c[i] + 1.0f;
// CHECK-NEXT: a[i] = b[i] * (c[i] * 3.0f);
// CHECK-NEXT: a[i] = b[i] * c[i] * 3.0f;
// CHECK-NEXT: a[i] = b[i] / (c[i] * 2.0f);
// CHECK-NEXT: a[i] = b[i] / (c[i] / 2.0f);
// CHECK-NEXT: a[i] = b[i] * (c[i] / 2.0f);
// CHECK-NEXT: a[i] = b[i] - (c[i] - 1.0f);
// CHECK-NEXT: a[i] = b[i] - (c[i] + 1.0f);
// CHECK-NEXT: a[i] = b[i] + (c[i] - 1.0f);
// CHECK-NEXT: a[i] = (b[i] + c[i]) * (b[i] - c[i]);
// CHECK-NEXT: a[i] = -(b[i] * c[i]);
// CHECK-NEXT: a[i] = -(-b[i]);
// CHECK-NEXT: a[i] = -b[i] * c[i];
// CHECK-NEXT: a[i] = b[i] - -c[i];
// CHECK-NEXT: a[i] = (float)(k[i] % 3) + (float)(k[i] % (N + 1));
// CHECK-NEXT: a[i] = (float)((k[i] + 1) % (k[i] * 2 + 3));
// CHECK-NEXT: d[i] = (double)(b[i] * c[i]) * 2.0;
// CHECK-NEXT: d[i] = 1.0 / (double)(N * (k[i] + 1));
// CHECK-NEXT: a[i] = b[i] * (c[i] * (b[i] * (c[i] * 0.5f)));
