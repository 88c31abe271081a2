// Refused: an input that does not exist gets a clear message, not a Clang
// crash or an empty IR.
// RUN: rm -f %t.missing.c
// RUN: not %looptile %t.missing.c --print-ir 2>&1 | FileCheck %s -DFILE=%t.missing.c
// CHECK: looptile: error: no such file: '[[FILE]]'
