// RUN: %looptile %examples/distribution.c --print-deps 2>&1 | FileCheck %s
// RUN: %looptile %examples/distribution.c --print-deps=dot 2>/dev/null | FileCheck %s --check-prefix=DOT
// Lecture 04, "Vectorization Example" (its S1, S2 are S0, S1 here):
// B[i] written by S1 in i1 is read by S0 as B[i-2] in i2 = i1 + 2 and by S1
// as B[i-1] in i2 = i1 + 1, so S1 -> S0 [<] and S1 -> S1 [<]; no read
// precedes the write of its element, so there is no anti dependence.

// CHECK: dependences:
// CHECK-NEXT: flow B: S1 -> S0 (<)  B[i] -> B[i - 2]
// CHECK-NEXT: flow B: S1 -> S1 (<)  B[i] -> B[i - 1]
// CHECK-NEXT: direction matrix (i):
// CHECK-NEXT: S1 -> S0 flow B  [<]
// CHECK-NEXT: S1 -> S1 flow B  [<]
// CHECK-NEXT: verdicts:
// CHECK-NEXT: loop i: sequential: flow dependence S1 -> S0 on B, direction (<)

// Loop distribution reads the graph: S1 has a self cycle (stays sequential),
// S0 only receives an edge from S1 (its own loop, after S1's, parallel).
// DOT: n0_S1 -> n0_S0 [label="flow B (<)"];
// DOT-NEXT: n0_S1 -> n0_S1 [label="flow B (<)"];
// DOT-NOT: n0_S0 -> 
