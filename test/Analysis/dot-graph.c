// RUN: %looptile %s --print-deps=dot 2>/dev/null | FileCheck %s
// RUN: %looptile %s --print-deps=dot 2>/dev/null | FileCheck %s --check-prefix=NOSELF
// The Graphviz form: one digraph, a cluster per nest, a box per statement,
// an edge source -> sink per dependence labelled kind, array and vector(s);
// assumed edges are dashed. Vectors as in lecture-nest2-eq-lt-lt-lt.c
// (A [=, <], B [<, <]) and linearized-assumed.c.

void nest2(int N, float A[N][N], float B[N][N]) {
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
      A[j][i] = A[j - 1][i] * 2.0f;
      B[j][i] = B[j - 1][i - 1] + 1.0f;
    }
}

void unproven(int N, int M, float *restrict A) {
  for (int i = 1; i < N; i++)
    for (int j = 0; j <= M; j++)
      A[i * M + j] = A[(i - 1) * M + j] * 0.5f;
}

// CHECK: digraph deps {
// CHECK-NEXT: node [shape=box];
// CHECK-NEXT: subgraph cluster_0 {
// CHECK-NEXT: label="nest nest2:9";
// CHECK-NEXT: n0_S0 [label="S0: A[j][i] = A[j - 1][i] * 2.0f"];
// CHECK-NEXT: n0_S1 [label="S1: B[j][i] = B[j - 1][i - 1] + 1.0f"];
// CHECK-NEXT: n0_S0 -> n0_S0 [label="flow A (=, <)"];
// CHECK-NEXT: n0_S1 -> n0_S1 [label="flow B (<, <)"];
// CHECK-NEXT: }
// CHECK-NEXT: subgraph cluster_1 {
// CHECK-NEXT: label="nest unproven:17";
// CHECK-NEXT: n1_S0 [label="S0: A[i*M + j] = A[(i - 1)*M + j] * 0.5f"];
// CHECK-NEXT: n1_S0 -> n1_S0 [label="flow A (*, *) assumed", style=dashed];
// CHECK-NEXT: n1_S0 -> n1_S0 [label="anti A (*, *) assumed", style=dashed];
// CHECK-NEXT: n1_S0 -> n1_S0 [label="output A (*, *) assumed", style=dashed];
// CHECK-NEXT: }
// CHECK-NEXT: }

// No edge between the two statements of nest2 (A and B never meet).
// NOSELF-NOT: n0_S0 -> n0_S1
// NOSELF-NOT: n0_S1 -> n0_S0
