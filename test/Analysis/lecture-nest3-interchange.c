// RUN: not %looptile %examples/nest3_interchange_illegal.c --interchange=i,j --emit=c -o %t.c 2>&1 | FileCheck %s
// Lecture 04, nest 3: A[i][j] <- A[i-1][j+1] gives i1 = i2 - 1, j1 = j2 + 1:
// [<, >]. Swapping the columns gives [>, <], a '>' as the leftmost non-'='
// entry, so the interchange theorem forbids it (nest 2's is allowed: see
// lecture-nest2-eq-lt-lt-lt.c).

// CHECK: error: cannot interchange loops 'i' and 'j': flow dependence S0 -> S0 on 'A' has direction (<, >), which becomes (>, <)
// CHECK: error: --interchange i,j refused
