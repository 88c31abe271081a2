// Bad flag values: a clean one-line error, no C (Driver/exit-status.test).
// RUN: not %looptile %s --tile 0 2>&1 | FileCheck %s --check-prefix=TILE0
// RUN: not %looptile %s --tile -3 2>&1 | FileCheck %s --check-prefix=TILENEG
// RUN: not %looptile %s --tile i=x 2>&1 | FileCheck %s --check-prefix=TILEX
// RUN: not %looptile %s --tile i=4,i=8 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not %looptile %s --interchange i 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: not %looptile %s --interchange i,q 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %looptile %s --strip-mine i 2>&1 | FileCheck %s --check-prefix=SMFORM
// RUN: not %looptile %s --strip-mine q=4 2>&1 | FileCheck %s --check-prefix=SMUNKNOWN
// RUN: not %looptile %s --order j,j 2>&1 | FileCheck %s --check-prefix=ORDER2
// RUN: not %looptile %s --distribute q 2>&1 | FileCheck %s --check-prefix=DIST
// RUN: not %looptile %s --expand q 2>&1 | FileCheck %s --check-prefix=EXPAND
// RUN: not %looptile %s --expand A:q 2>&1 | FileCheck %s --check-prefix=EXPANDLOOP
// RUN: not %looptile %s --expand A:3i 2>&1 | FileCheck %s --check-prefix=EXPANDFORM
// RUN: not %looptile %s --expand A: 2>&1 | FileCheck %s --check-prefix=EXPANDEMPTY
void f(int N, float A[N][N]) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = 0.0f;
}
// TILE0: looptile: error: --tile 0: tile size '0' is not a positive integer
// TILE0-NOT: void f
// TILEBIG: looptile: error: --tile 12345678901: tile size '12345678901' is too large (at most 999999999)
// SMBIG: looptile: error: --strip-mine i=12345678901: size '12345678901' of loop 'i' is too large (at most 999999999)
// NOFUNC: looptile: error: --function needs a function name (--function=NAME)
// TILE128: mmm.c:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'mmm' cannot run with TS = 128: it takes values from 1 to 64 {{.*}}; choose a --tile in that range
// TILE64: {"name": "TS", "default": 64, "min": 1, "max": 64,
// TILENEG: looptile: error: --tile -3: tile size '-3' is not a positive integer
// TILEX: looptile: error: --tile i=x: size 'x' of loop 'i' is not a positive integer
// TWICE: looptile: error: --tile i=4,i=8: loop 'i' is given twice
// ONE: looptile: error: --interchange i: expected at least 2 comma-separated loop variables
// UNKNOWN: bad-flags.c:16:6: error: --interchange i,q: function 'f' has no loop 'q'
// UNKNOWN: looptile: error: --interchange i,q refused; nothing was emitted
// SMFORM: looptile: error: --strip-mine i: expected LOOP=SIZE, got 'i'
// SMUNKNOWN: error: --strip-mine q=4: function 'f' has no loop 'q'
// ORDER2: looptile: error: --order j,j: loop 'j' is given twice
// DIST: error: --distribute q: function 'f' has no loop named 'q'
// EXPAND: error: --expand q: 'q' is not a local scalar or an array of function 'f'
// EXPANDLOOP: bad-flags.c:16:6: error: --expand A:q: function 'f' has no loop 'q'
// EXPANDLOOP: looptile: error: --expand A:q refused; nothing was emitted
// EXPANDFORM: looptile: error: --expand A:3i: '3i' is not a loop (expected NAME:LOOP, NAME:LOOP:LINE or NAME:LOOP,LOOP,...)
// EXPANDEMPTY: looptile: error: --expand A:: '' is not a loop (expected NAME:LOOP, NAME:LOOP:LINE or NAME:LOOP,LOOP,...)
// A band of loops for --expand: no empty selector, outermost first.
// RUN: not %looptile %s --expand A:i, 2>&1 | FileCheck %s --check-prefix=EXPANDCOMMA
// RUN: not %looptile %s --expand A:j,i 2>&1 | FileCheck %s --check-prefix=EXPANDBAND
// EXPANDCOMMA: looptile: error: --expand A:i,: 'i,' is not a loop (expected NAME:LOOP, NAME:LOOP:LINE or NAME:LOOP,LOOP,...)
// EXPANDBAND: error: --expand A:j,i: the loops must be nested each directly in the one before it, outermost first
// A size that is a number, but too large, says so; --function needs a name;
// an OpenCL tile beyond the kernel's own range is refused at generation
// (the manifest's default would have been outside its maximum, and every
// run refused), while the largest one in range is accepted.
// RUN: not %looptile %s --tile 12345678901 2>&1 | FileCheck %s --check-prefix=TILEBIG
// RUN: not %looptile %s --strip-mine i=12345678901 2>&1 | FileCheck %s --check-prefix=SMBIG
// RUN: not %looptile %s --print-ir --function= 2>&1 | FileCheck %s --check-prefix=NOFUNC
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %looptile %examples/mmm.c --tile 128 -o %t/mmm128.cl 2>&1 | FileCheck %s --check-prefix=TILE128
// RUN: test ! -e %t/mmm128.cl
// RUN: %looptile %examples/mmm.c --tile 64 -o %t/mmm64.cl
// RUN: FileCheck %s --check-prefix=TILE64 < %t/mmm64.json
