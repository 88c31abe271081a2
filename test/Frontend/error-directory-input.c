// Refused: a directory is not a C file.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %looptile %t.dir --print-ir 2>&1 | FileCheck %s -DDIR=%t.dir
// CHECK: looptile: error: '[[DIR]]' is a directory, not a C file
