// Refused: a directory is not a C file.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %looptile %t.dir --print-ir 2>&1 | FileCheck %s -DDIR=%t.dir
// CHECK: looptile: error: '[[DIR]]' is a directory, not a C file
// A device or other non-regular file is refused the same way.
// RUN: not %looptile /dev/null --print-ir 2>&1 | FileCheck %s --check-prefix=DEVNULL
// DEVNULL: looptile: error: '/dev/null' is not a regular file, not a C file
// A C file whose name has no C suffix is read as C (Clang's driver took it
// for a linker input: "expected exactly one compiler job").
// RUN: cp %examples/mmm.c %t.dir/mmm_source
// RUN: %looptile %t.dir/mmm_source --print-ir 2>&1 | FileCheck %s --check-prefix=NOEXT
// NOEXT-NOT: warning
// NOEXT: function mmm(
