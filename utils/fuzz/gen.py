"""The random program generator (YARPGen-style, seeded and deterministic).

generate(seed, features) builds one C function in the subset looptile
accepts (README, "What the frontend accepts"), free of undefined behaviour
for every size parameter in [1, S_MAX], every int input in [-128, 127] and
every int scalar parameter in [1, 8]:

* in bounds: every subscript is checked against its array's extent over the
  loop variables' envelopes (lin.py);
* no overflow: every expression carries a bound on its magnitude; every
  stored value stays within VCAP = 2^24 (an '=' stores at most ASSIGN_CAP =
  2^20, and the '+=' / '-=' / '++' / '--' updates of a variable add at most
  VCAP - ASSIGN_CAP over the whole run, counted from the loops' largest trip
  counts); products and sums stay below 2^30; '*=' multiplies by -1, 0 or 1
  and '/=' divides by a positive number;
* no division by zero: divisors are positive constants or (e % k) + k;
* no read of an uninitialized local: scalars are read only where they are
  definitely written, local arrays only after a nest writes every element.

The same checks run again in validate() (the reducer keeps only variants
that pass them).

Features (names for --exclude) are listed in FEATURES.
"""
import random

from . import ast as A
from .ast import Array, Bound, Func, Loop, Stmt
from .lin import (ASSIGN_CAP, DRIFT_CAP, EXPR_CAP, IN_MAG, SCALAR_PARAM_MAG, VCAP,
                  Envelope, Lin, S_MAX, in_bounds, max_over_params, min_over_params,
                  never_empty, nonneg)

COST_CAP = 40000      # largest number of executions of one statement at S_MAX

FEATURES = {
    # program shape
    "multi-nest": "several nests per function",
    "imperfect": "statements between loops of a nest",
    "deep": "nests of depth 3 and 4",
    "triangular": "bounds that depend on an outer loop variable",
    "minmax": "MIN/MAX bounds and conjunctions (i < N && i < M)",
    "step2": "steps 2 and -2",
    "reverse": "negative steps",
    "const-bounds": "loops with constant bounds",
    # data
    "vla": "VLA array parameters (int A[N][M + 1])",
    "const-arrays": "array parameters with constant extents (int A[40][N])",
    "pointers": "linearized pointer parameters (int *A, A[i*M + j])",
    "local-arrays": "function-scope local arrays, constant-size",
    "local-vla": "function-scope local VLAs",
    "loop-arrays": "local arrays declared in a loop body",
    "scalars": "function-scope local scalars (private, carried, live across nests)",
    "loop-scalars": "scalars declared in a loop body",
    "reductions": "reduction scalars (s += e over an inner loop)",
    "scalar-params": "int scalar parameters",
    "toplevel": "statements and initialized declarations outside loops",
    # expressions and statements
    "compound": "+= -= *= /=",
    "incdec": "++ and --",
    "divmod": "/ and %",
    "fcast": "(int)((float)(e) * 0.5f)",
    "early-returns": "int f(...) that returns a scalar at the end returns "
                     "a constant first where a condition on the sizes "
                     "holds (if (N <= 0) return 3;)",
    "classify": "math.h's isnan, isinf, isfinite and isnormal of a float "
                "value, added to an (int)((float)(e) * 0.5f): "
                "isinf((float)(e) * 1e38f) is 1 or -1 where |e| >= 4",
    "parens": "redundant parentheses",
    "assoc": "right operands at equal precedence: a - (b - c), a * (b % c)",
    "reuse-names": "loop variables reused from nest to nest (selectors needed)",
    "double-neg": "a negation of a negation or of a negative literal: -(-x)",
    "cross-nest-scalars": "function-scope scalars written in one nest, read in a later one",
    "update-assign": "reduction updates written n = n + e, n = e * n, ...",
    "macros": "#define'd constants in expressions",
    "hostile-names": "identifiers that clash with names looptile or OpenCL use",
    "shifts": "reads of the written array at shifted subscripts",
    "parallel-nests": "nests built to have parallel outer loops (for OpenCL)",
    "contractions": "matmul-like reductions acc += X[i][k] * Y[k][j]",
    "scaled-contractions": "a contraction's factor scaled by a scalar "
        "parameter: p * X[i][k] * Y[k][j], X[i][k] * (p * Y[k][j]), "
        "X[i][k] * Y[k][j] * p",
    "select": "conditional values (c ? a : b) on loop variables, sizes or data",
    "guards": "array writes under an if on loop variables, sizes or data",
    "returns": "a function-scope scalar returned at the end (int f(...))",
    "tree-reductions": "a last nest that only reduces into a function-scope "
                       "scalar (s = c; for i s += e; with -o a work-group tree "
                       "reduction), the scalar stored or returned",
    "host-loops": "a last sequential loop over scalar statements, parallel "
                  "nests and reductions, its scalars carried from one "
                  "iteration to the next (Durbin's shape: with -o a host "
                  "loop whose kernels keep them on the device)",
    "zero-sizes": "programs whose rules hold at sizes 0 also run there "
                  "(each size 0 in turn, then all) in every oracle",
    "zero-refusals": "programs that access an array out of bounds at a "
                     "size 0 (A[0] = s outside the loops): the OpenCL oracle "
                     "runs them there and expects the runtime's size check "
                     "to refuse those sizes",
    "clamps": "(i < N - 1 ? A[i + 1] : A[i]), (i >= 1 ? A[i - 1] : 0): an "
              "arm in bounds only where its affine condition holds",
    "wavefronts": "a nest of array statements only whose loops all carry "
                  "a dependence (A[i][j] from A[i - 1][j] and A[i][j - 1], "
                  "or from A[i - 1][j + 1]): no loop order maps it, isl's "
                  "affine scheduler makes it a wavefront",
    "closures": "a nest that reads the array it writes where the "
                "subscripts meet on a hyperplane (Floyd-Warshall's A[i][j] "
                "from A[i][k] and A[k][j]): isl's scheduler runs it split "
                "into index sets (j - k and i - k below, at, above 0)",
    "steep-wavefronts": "a nest whose only legal wavefronts have a "
                       "coefficient above 1 (A[i][j] from A[i - 1][j + 1] "
                       "and A[i][j - 1]: 2i + j; Gauss-Seidel sweeps in a "
                       "time loop: 2t + i + j), so that isl's loop bounds "
                       "divide",
    "helpers": "calls to static helper functions of the file (their "
               "locals, a guarded assignment, one return), which looptile "
               "inlines",
    "continue": "`if (c) continue;` in loop bodies, before statements that "
                "write parameter arrays",
    "reuse-decls": "scalars declared in a loop body under a name an earlier "
                   "loop body declared (sibling loops, earlier nests)",
    "gathers": "reads at elements that an index array selects "
               "(A[P[i]][j], B[j][P[i][k]]): a read-only array parameter "
               "gathered through a read-only index array parameter, whose "
               "values every driver draws inside the gathered extent",
    "derived-sizes": "a size N of some loop bound written (c*q + r), with "
                     "q = N / c and r = N % c declared first (sizes the "
                     "function computes, as `int out_h = h / 2;`)",
    "minmax-helpers": "MIN/MAX loop bounds written as calls to static "
                      "helpers of the file (fz_imin(a, b), fz_imax(a, b)) "
                      "where every index is an int",
    "computed-gathers": "the reads of one const array parameter print "
                        "their last subscript as (int)(float)(s): the "
                        "same element, at a subscript computed from data "
                        "(a gather) for looptile",
    "host-row-reductions": "a last time loop (on the host) over two nests "
                           "of three new parameters: a row loop whose "
                           "reduction (max, min or a sum of residues, "
                           "written with ?: or +=) reads a const matrix "
                           "along its row and all of a vector, then the "
                           "vector's update from the rows' results (with "
                           "-o, work-group row reductions under a host "
                           "loop)",
    "row-strips": "a last stencil nest over two new N x N parameters: "
                  "B[i][j] from three or four reads of A at row offsets "
                  "-3..3 (three in one column within four rows) and "
                  "column offsets -2..2, alone or in a time loop of two sweeps "
                  "(with -o, each work-item a strip of consecutive rows)",
    "index-types": "loop variables and sizes of type long, unsigned or "
                   "size_t (their MIN/MAX bounds mixing constants and "
                   "indices, in either order; unsigned values read as "
                   "IDX(n)), and in some programs mixed types",
}


class Options:
    def __init__(self, exclude=()):
        unknown = set(exclude) - set(FEATURES)
        if unknown:
            raise ValueError("unknown feature(s): %s (known: %s)" %
                             (", ".join(sorted(unknown)), ", ".join(sorted(FEATURES))))
        self.on = set(FEATURES) - set(exclude)

    def __contains__(self, f):
        return f in self.on


HOSTILE = {
    "func": ["dot", "length", "distance", "normalize", "clamp", "kernel",
             "mix", "step", "sign", "select", "barrier", "get_global_id",
             "random", "index"],
    "array": ["A_tile", "B_tile", "C_reg", "A_reg", "A_next", "global", "local",
              "constant", "private", "half", "float2", "min", "max", "TS", "WG0",
              "image", "sampler_t", "tmp_x", "A_x"],
    "scalar": ["s_x", "i_out", "acc", "tx", "ty", "gid", "lid", "bx", "int2",
               "read_only", "uchar", "event_t", "vec_step", "kk", "ii_0"],
    "size": ["TSM", "WPTN", "VW", "WG1", "ni", "nj", "uint", "ulong", "size_t"],
    "loop": ["ii", "jj", "kk", "i_x", "j_out", "row", "col", "tile", "lx", "a"],
}


# Loops named l, n or a used to clash with the names block-tiled kernels
# invent (l0, VARVAR, VARn, a0: issue 11, defect 5, findings
# opencl-tile-loop-named-{l,n}.c); every invented name comes from the name
# table now, so they are ordinary names again.
LOOP_NAMES = ["i", "j", "k", "l", "m", "n", "p", "q"]


class Ctx:
    """Where a statement is being generated."""

    def __init__(self, g):
        self.g = g
        self.loops = []        # [(Loop, Envelope, trips)]
        self.scope = {}        # scalar name -> depth of its declaration
        self.init = set()      # scalars definitely written here
        self.arrays = {}       # name -> Array in scope
        self.readable = set()  # arrays that may be read here
        self.reduction = []    # (scalar, op) the body must update
        # parallel nests: the loops meant to be parallel, and for each array
        # the nest may write, its subscripts in their dimensions
        self.par = None        # [loop var] once the band is complete
        self.wset = None       # array name -> {dim: Lin}
        self.contract = None   # (i, j) of a contraction
        self.scope_ro = ()     # scalars a parallel nest must not write

    def child(self):
        c = Ctx(self.g)
        c.loops = list(self.loops)
        c.scope = dict(self.scope)
        c.init = set(self.init)
        c.arrays = dict(self.arrays)
        c.readable = set(self.readable)
        c.reduction = list(self.reduction)
        c.par = self.par
        c.wset = self.wset
        c.contract = self.contract
        c.scope_ro = self.scope_ro
        return c

    def envs(self):
        return {l.var: e for l, e, _ in self.loops}

    def depth(self):
        return len(self.loops)

    def execs(self, from_depth=0):
        n = 1
        for _, _, t in self.loops[from_depth:]:
            n *= max(t, 1)
        return n


class Gen:
    def __init__(self, seed, opts):
        self.rng = random.Random(seed)
        # The conditionals' own stream: adding them changes no other draw,
        # so a seed keeps the program it had without them.
        self.crng = random.Random(seed + 0x9E3779B9)
        # The scaled contractions' own stream, for the same reason.
        self.srng = random.Random(seed + 0x5CA1ED)
        # clamps and index-types: a stream each (zero-sizes draws nothing)
        self.krng = random.Random(seed + 0xC1A4)
        self.trng = random.Random(seed + 0x17E)
        self.wrng = random.Random(seed + 0xAF5C)  # wavefronts
        self.forng = random.Random(seed + 0xF0A2)  # wavefronts through a scalar
        self.clrng = random.Random(seed + 0xC105E)  # closures
        self.swrng = random.Random(seed + 0x57EE9)  # steep wavefronts
        self.dsrng = random.Random(seed + 0xD5123)  # derived sizes, helpers
        self.hrrng = random.Random(seed + 0x4077)  # host row reductions
        self.rsrng = random.Random(seed + 0x5751)  # row strips
        self.hrng = random.Random(seed + 0x4E1F)
        # continue and reused declaration names: streams of their own
        self.ctrng = random.Random(seed + 0xC0471)
        self.nrng = random.Random(seed + 0x5AB)
        self.grng = random.Random(seed + 0x6A7E)  # gathers
        self.fcrng = random.Random(seed + 0xFC1A)  # classify
        self.errng = random.Random(seed + 0xEA21)  # early returns
        self.gather = None     # (index array, gathered array, dimension)
        self.loop_decls = []   # names of scalars declared in loop bodies
        self.o = opts
        self.f = None
        self.drift = {}        # variable -> accumulated '+=' magnitude
        # loop variables are reused from nest to nest; no other variable may
        # take one of their names
        self.used_names = set(["MIN", "MAX"] + LOOP_NAMES + HOSTILE["loop"])
        self.all_loop_vars = set()
        self.macros = {}

    # -- names ---------------------------------------------------------------

    def name(self, pool, default):
        r = self.rng
        if "hostile-names" in self.o and r.random() < 0.25:
            cands = [n for n in HOSTILE[pool] if n not in self.used_names]
            if cands:
                n = r.choice(cands)
                self.used_names.add(n)
                return n
        for n in default:
            if n not in self.used_names:
                self.used_names.add(n)
                return n
        k = 0
        while True:
            n = "%s%d" % (default[0], k)
            if n not in self.used_names:
                self.used_names.add(n)
                return n
            k += 1

    # -- the function ----------------------------------------------------------

    def generate(self):
        r = self.rng
        o = self.o
        f = self.f = Func(self.name("func", ["f", "g", "h"]))
        self.ocl_friendly = "toplevel" not in o or r.random() < 0.6
        self.parallel_mode = (self.ocl_friendly and "parallel-nests" in o and
                              r.random() < 0.6)
        nsizes = r.choice([1, 2, 2, 3])
        sizes = [self.name("size", [n]) for n in ["N", "M", "K"][:nsizes]]
        self.sizes = sizes
        for s in sizes:
            f.params.append(("size", s))
        if "scalar-params" in o and r.random() < 0.3:
            f.params.append(("scalar", self.name("scalar", ["c", "d"])))
        kinds = [k for k in ("vla", "const", "ptr") if
                 {"vla": "vla", "const": "const-arrays", "ptr": "pointers"}[k] in o]
        if not kinds:
            kinds = ["vla"]
        narr = r.choice([1, 2, 2, 3, 3, 4])
        for i in range(narr):
            # VLAs most often: a pointer parameter's extent must follow from
            # its subscripts, or OpenCL generation is refused
            kind = r.choice(kinds + ["vla", "vla"] if "vla" in o else kinds)
            arr = Array(self.name("array", ["A", "B", "C", "D", "E"]),
                        self.dims(kind, r.choice([1, 1, 2, 2, 2, 3])), kind,
                        restrict=r.random() < 0.7)
            f.params.append(("array", arr))
        # read-only (const-qualified) parameters: inputs, whose elements stay
        # within IN_MAG; at least one parameter stays writable
        arrs = [p[1] for p in f.params if p[0] == "array"]
        for a in arrs[1:]:
            if a.kind != "ptr" and r.random() < 0.4:
                a.readonly = True
        # gathers: an index array parameter whose values select elements of
        # a read-only array parameter (its own stream; a seed that draws
        # none keeps its program)
        targets = [a for a in arrs if a.readonly and a.kind != "ptr"]
        tgt = None
        if "gathers" in o and targets and self.grng.random() < 0.4:
            g = self.grng
            tgt = g.choice(targets)
            d = g.randrange(len(tgt.dims))
            if not never_empty(tgt.dims[d]):
                tgt = None
        if tgt is not None:
            rank = g.choice([1, 1, 2])
            idx = Array(self.name("array", ["P", "Q", "R"]),
                        [Lin.var(g.choice(self.sizes), 1) + g.choice([0, 1, 2])
                         for _ in range(rank)], "vla", readonly=True,
                        restrict=g.random() < 0.7)
            idx.index_of = (tgt, d)
            f.params.append(("array", idx))
            self.gather = (idx, tgt, d)
        # function-scope locals
        self.fscalars = []
        if "scalars" in o:
            for _ in range(r.choice([0, 1, 1, 2, 3])):
                n = self.name("scalar", ["s", "t", "u", "v"])
                init = None
                if not self.ocl_friendly and r.random() < 0.7:
                    init = ("const", r.randint(-5, 9))
                f.decls.append(Stmt("decl", name=n, rhs=init))
                self.fscalars.append(n)
        self.locals = []
        for kind, feat in (("local", "local-arrays"), ("local", "local-vla")):
            if feat in o and r.random() < 0.35:
                dims = self.dims("const" if feat == "local-arrays" else "vla",
                                 r.choice([1, 1, 2]))
                arr = Array(self.name("array", ["T", "U", "W"]), dims, "local")
                f.decls.append(Stmt("arrdecl", array=arr))
                self.locals.append(arr)
        f.func_macros = set()
        if "macros" in o and r.random() < 0.3:
            for _ in range(r.randint(1, 2)):
                self.macros[self.name("scalar", ["C1", "C2", "C3"])] = r.randint(-3, 9)
            f.macros = dict(self.macros)
            if r.random() < 0.5:
                f.func_macros = set(r.sample(sorted(set(A.FUNC_MACROS) - {"IDX"} -
                                                    set(A.HELPERS)),
                                             r.randint(1, 2)))
                self.used_names |= f.func_macros
            if "fcast" in o and r.random() < 0.5:
                f.float_macros = {r.choice(sorted(A.FLOAT_MACROS))}
                self.used_names |= f.float_macros

        # helper functions, from a stream of their own (a seed keeps the
        # program it had without them unless it draws one)
        if "helpers" in o and self.hrng.random() < 0.3:
            f.func_macros = set(f.func_macros) | set(
                self.hrng.sample(sorted(A.HELPERS), self.hrng.randint(1, 2)))

        top = Ctx(self)
        for n in self.fscalars:
            top.scope[n] = 0
        for d in f.decls:
            if d.kind == "decl" and d.rhs is not None:
                top.init.add(d.name)
        for p in f.params:
            if p[0] == "array":
                top.arrays[p[1].name] = p[1]
                top.readable.add(p[1].name)
        for a in self.locals:
            top.arrays[a.name] = a

        nnests = r.choice([1, 2, 2, 3, 3, 4]) if "multi-nest" in o else 1
        pending = list(self.locals)
        r.shuffle(pending)
        for n in range(nnests):
            # a nest that writes every element of a local array, before a
            # later nest reads it
            if pending and r.random() < 0.6:
                f.body.append(self.init_nest(top, pending.pop()))
            if not self.ocl_friendly and r.random() < 0.3:
                f.body.append(self.stmt(top))
                self.note_writes(top, f.body[-1:])
            f.body.append(self.nest(top))
        for a in pending:
            if r.random() < 0.5:
                f.body.append(self.init_nest(top, a))
                f.body.append(self.nest(top))
        if not self.ocl_friendly and r.random() < 0.3:
            f.body.append(self.stmt(top))
        # drawn last: the program before it is the one the seed had without
        # the feature
        if "tree-reductions" in o and r.random() < 0.4:
            f.body.extend(self.tree_reduction(top))
        if "host-loops" in o and r.random() < 0.35:
            f.body.extend(self.host_loop(top))
        # a scalar that is definitely written by the end, returned
        ret = sorted(n for n in self.fscalars if n in top.init)
        if "returns" in o and ret and self.crng.random() < 0.3:
            f.ret = self.crng.choice(ret)
        return f

    def tree_reduction(self, top):
        """s = c; for (i = a; i < P + b; i++) s op= e; and s stored into an
        element of a writable array (or left to be returned): a loop that
        only reduces, a whole-nest (tree) reduction for OpenCL. op is +=, -=,
        the update written as an assignment, or a maximum / minimum written
        with ?: (e > s ? e : s)."""
        r = self.rng
        f = self.f
        n = self.name("scalar", ["red", "rs", "rt"])
        f.decls.append(Stmt("decl", name=n, rhs=None))
        self.fscalars.append(n)
        top.scope[n] = 0
        items = [Stmt("assign", lhs=("name", n), op="=",
                      rhs=("const", r.randint(-3, 5)))]
        top.init.add(n)
        ctx = top.child()
        loop, env = self.size_loop(ctx)
        kind = r.choice(["+=", "+=", "-=", "max", "min"])
        # the term must not read s (a divisor may pick any scalar)
        for _ in range(5):
            e, mag = self.expr(ctx, 2, avoid={n})
            if not any(l[0] == "name" and l[1] == n for l in A.expr_reads(e, [])):
                break
        else:
            e, mag = ("name", var), max_over_params(env.hi)
        e = self.fit(e, mag, ASSIGN_CAP)
        mag = min(mag, ASSIGN_CAP)
        s = ("name", n)
        if kind in ("max", "min"):
            op = ">" if kind == "max" else "<"
            if r.random() < 0.5:
                cond = ("cmp", op, e, s)
            else:
                cond = ("cmp", "<" if op == ">" else ">", s, e)
            loop.body.append(Stmt("assign", lhs=s, op="=", rhs=("sel", cond, e, s)))
        else:
            e, mag = self.fit_drift(ctx, n, e, mag)
            if e is None:
                e, mag = ("const", 1), 1
            loop.body.append(self.update(n, kind[0], e))
        items.append(loop)
        arr = self.pick_write_array(top)
        if arr is not None and r.random() < 0.7:
            subs = [Lin.c(0) for _ in arr.dims]
            items.append(Stmt("assign", lhs=("aref", arr, subs), op="=",
                              rhs=self.fit(s, VCAP, ASSIGN_CAP)))
        return items

    def size_loop(self, ctx):
        """for (v = a; v < P + b; v++) over a size P, a in {0, 1}, b in
        [-1, 1], without a body, entered in ctx: (Loop, Envelope)."""
        r = self.rng
        var = self.fresh_loop_var() if "reuse-names" not in self.o else "i"
        if var in ctx.envs():
            var = [v for v in LOOP_NAMES if v not in ctx.envs()][0]
        self.all_loop_vars.add(var)
        P = r.choice(self.sizes)
        a = r.choice([0, 0, 1])
        b = r.choice([0, 0, -1, 1])
        hi = Lin.var(P) + (b - 1)
        loop = Loop(var, Bound.lin(Lin.c(a)), "<", Bound.lin(hi + 1), 1)
        env = Envelope(a, hi)
        ctx.loops.append((loop, env, max(0, max_over_params(env.hi) - env.lo + 1)))
        return loop, env

    def host_loop(self, top):
        """s = c; for (t = a; t < P + b; t++) { items } with items scalar
        statements s = (e) % m that may read s (a value carried from one t
        to the next), resets s = c, reductions for i: s op= e into a carried
        s, and parallel nests that read the scalars; s stored after the
        loop. Every value stays bounded: a statement ends in % m, a
        reduction adds at most 15 per iteration of t."""
        r = self.rng
        f = self.f
        items = []
        carried = []
        for _ in range(r.choice([1, 1, 2])):
            n = self.name("scalar", ["al", "be", "ga"])
            f.decls.append(Stmt("decl", name=n, rhs=None))
            self.fscalars.append(n)
            top.scope[n] = 0
            items.append(Stmt("assign", lhs=("name", n), op="=",
                              rhs=("const", r.randint(-3, 5))))
            top.init.add(n)
            carried.append(n)
        ctx = top.child()
        loop, _ = self.size_loop(ctx)
        loop.host_loop = True  # campaign statistics (campaign.feature_use)
        kinds = [r.choice(["scalar", "scalar", "red", "kill"])
                 for _ in range(r.choice([1, 2, 2, 3]))]
        kinds.insert(r.randint(0, len(kinds)), "par")
        for kind in kinds:
            n = r.choice(carried)
            if kind == "scalar":
                e, mag = self.expr(ctx, 2)
                if r.random() < 0.7:
                    e = ("bin", r.choice(["+", "-"]), e, ("name", n))
                m = r.choice([7, 97, 1000])
                loop.body.append(Stmt("assign", lhs=("name", n), op="=",
                                      rhs=("bin", "%", e, ("const", m))))
            elif kind == "kill":
                loop.body.append(Stmt("assign", lhs=("name", n), op="=",
                                      rhs=("const", r.randint(-3, 5))))
            elif kind == "red":
                rctx = ctx.child()
                iv = [v for v in LOOP_NAMES if v not in rctx.envs()][0] \
                    if "reuse-names" in self.o else self.fresh_loop_var()
                self.all_loop_vars.add(iv)
                Q = r.choice(self.sizes)
                il = Loop(iv, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.var(Q)), 1)
                ienv = Envelope(0, Lin.var(Q) - 1)
                rctx.loops.append((il, ienv, max(0, max_over_params(ienv.hi) + 1)))
                for _ in range(5):
                    e, _ = self.expr(rctx, 2, avoid=set(carried))
                    if not any(l[0] == "name" and l[1] in carried
                               for l in A.expr_reads(e, [])):
                        break
                else:
                    e = ("name", iv)
                e, _ = self.fit_drift(rctx, n, ("bin", "%", e, ("const", 16)), 15)
                if e is None:
                    continue
                il.body.append(self.update(n, r.choice(["+", "-"]), e))
                loop.body.append(il)
            else:
                pctx = ctx.child()
                maxd = r.choice([1, 2, 2, 3] if "deep" in self.o else [1, 2])
                loop.body.append(self.parallel_nest(ctx, pctx, maxd))
        items.append(loop)
        arr = self.pick_write_array(top)
        if arr is not None and r.random() < 0.8:
            n = r.choice(carried)
            items.append(Stmt("assign", lhs=("aref", arr, [Lin.c(0) for _ in arr.dims]),
                              op="=", rhs=self.fit(("name", n), VCAP, ASSIGN_CAP)))
        return items

    def dims(self, kind, rank):
        r = self.rng
        out = []
        for _ in range(rank):
            if kind == "const":
                # large enough for a loop up to S_MAX plus shifts, or small
                out.append(Lin.c(r.choice([S_MAX + r.randint(2, 6)] * 3 +
                                          [r.randint(3, 8)])))
            else:
                p = r.choice(self.sizes)
                k = 2 if r.random() < 0.1 else 1
                out.append(Lin({p: k}, r.choice([0, 0, 1, 1, 2, 3])))
        return out

    # -- nests ------------------------------------------------------------------

    def init_nest(self, top, arr):
        """for d0 < E0 { for d1 < E1 { T[d0][d1] = e; } }: every element."""
        ctx = top.child()
        root = None
        parent = None
        for d, ext in enumerate(arr.dims):
            var = LOOP_NAMES[d] if "reuse-names" in self.o else self.fresh_loop_var()
            loop = Loop(var, Bound.lin(Lin.c(0)), "<", Bound.lin(ext), 1)
            env = Envelope(0, ext - 1)
            ctx.loops.append((loop, env, max_over_params(ext)))
            if parent is None:
                root = loop
            else:
                parent.body.append(loop)
            parent = loop
        subs = [Lin.var(l.var) for l, _, _ in ctx.loops]
        rhs, mag = self.expr(ctx, 2)
        rhs = self.fit(rhs, mag, ASSIGN_CAP)
        parent.body.append(Stmt("assign", lhs=("aref", arr, subs), op="=", rhs=rhs))
        top.readable.add(arr.name)
        return root

    def nest(self, top):
        r = self.rng
        maxd = r.choice([1, 2, 2, 2, 3, 3, 4] if "deep" in self.o else [1, 2, 2])
        perfect = r.random() < 0.45 or "imperfect" not in self.o
        ctx = top.child()
        if "cross-nest-scalars" not in self.o:
            # a function-scope scalar is read only after a write in this nest
            ctx.init -= set(self.fscalars)
        if self.parallel_mode:
            return self.parallel_nest(top, ctx, maxd)
        loop, written = self.loop(ctx, 0, maxd, perfect)
        top.init |= written
        return loop

    def parallel_nest(self, top, ctx, maxd):
        """A nest whose outer one or two loops are parallel by construction:
        every array the nest writes is accessed, in one dimension per
        parallel loop, at exactly that loop's variable; function-scope
        scalars are only read."""
        r = self.rng
        np_ = 2 if maxd >= 2 and r.random() < 0.7 else 1
        contraction = ("contractions" in self.o and np_ == 2 and r.random() < 0.5)
        if contraction:
            maxd = max(maxd, 3)
        root = parent = None
        pvars = []
        for d in range(np_):
            var = self.loop_var(d)
            if var in ctx.envs():
                var = [v for v in LOOP_NAMES if v not in ctx.envs()][0]
            P = r.choice(self.sizes)
            a = r.choice([0, 0, 0, 1])
            b = r.choice([-1, 0, 0, 1])
            hi = Lin.var(P) + (b - 1)
            if d == 1 and "triangular" in self.o and r.random() < 0.2:
                u = pvars[0]
                uenv = ctx.envs()[u]
                loop = Loop(var, Bound.lin(Lin.c(0)), "<=", Bound.lin(Lin.var(u)), 1)
                env = Envelope(0, uenv.hi)
            else:
                cmp = r.choice(["<", "<="])
                loop = Loop(var, Bound.lin(Lin.c(a)), cmp,
                            Bound.lin(hi + 1 if cmp == "<" else hi), 1)
                env = Envelope(a, hi)
            ctx.loops.append((loop, env, max(0, max_over_params(env.hi) - env.lo + 1)))
            pvars.append(var)
            if parent is None:
                root = loop
            else:
                parent.body.append(loop)
            parent = loop
        # which arrays this nest may write, and where
        envs = ctx.envs()
        wset = {}
        for name in sorted(ctx.arrays):
            arr = ctx.arrays[name]
            if arr.readonly or len(arr.dims) < np_ or r.random() < 0.3:
                continue
            dims = list(range(len(arr.dims)))
            r.shuffle(dims)
            fixed = {}
            for v, dd in zip(pvars, dims):
                if in_bounds(Lin.var(v), arr.dims[dd], envs):
                    fixed[dd] = Lin.var(v)
            if len(fixed) == np_:
                wset[name] = fixed
        ctx.par = pvars
        ctx.wset = wset
        # only locals declared in the nest are written
        ctx.scope_ro = set(ctx.scope)
        if contraction:
            ctx.contract = (pvars[0], pvars[1])
        depth = np_ - 1
        loopobj = parent
        if np_ < maxd:
            if contraction:
                # for i, j { acc = c; for k { acc += X[i][k] * Y[k][j]; } Z[i][j] = acc; }
                written = self.body(ctx, loopobj, depth, maxd, False)
            else:
                written = self.body(ctx, loopobj, depth, maxd, r.random() < 0.5)
        else:
            written = self.body(ctx, loopobj, depth, maxd, True)
        return root

    def fresh_loop_var(self):
        self.loop_count = getattr(self, "loop_count", 0) + 1
        n = self.loop_count - 1
        base = LOOP_NAMES[n % len(LOOP_NAMES)]
        return base if n < len(LOOP_NAMES) else "%s%d" % (base, n // len(LOOP_NAMES))

    def loop_var(self, depth):
        if "reuse-names" not in self.o:
            return self.fresh_loop_var()
        base = LOOP_NAMES[depth]
        if "hostile-names" in self.o and self.rng.random() < 0.1:
            return self.rng.choice(HOSTILE["loop"])
        return base

    def loop(self, ctx, depth, maxd, perfect):
        """Returns (Loop, scalars definitely written by one execution of the
        loop statement)."""
        r = self.rng
        o = self.o
        var = self.loop_var(depth)
        if var in ctx.envs():
            var = [v for v in LOOP_NAMES if v not in ctx.envs()][0]
        self.all_loop_vars.add(var)
        outer = [(l, e) for l, e, _ in ctx.loops]
        budget = COST_CAP // max(ctx.execs(), 1)
        # pick a shape whose trip count fits the budget
        for _ in range(20):
            loop, env, nonempty = self.bounds(var, outer, r)
            trips = (max_over_params(env.hi) - env.lo) // abs(loop.step) + 1
            if trips <= max(budget, 1) or trips <= 3:
                break
        else:
            c = r.randint(2, 4)
            loop = Loop(var, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.c(c)), 1)
            env, nonempty, trips = Envelope(0, Lin.c(c - 1)), True, c
        ctx = ctx.child()
        ctx.loops.append((loop, env, max(trips, 0)))
        written = self.body(ctx, loop, depth, maxd, perfect)
        return loop, (written if nonempty else set())

    def bounds(self, var, outer, r):
        """(Loop without body, Envelope, always-nonempty)."""
        o = self.o
        kinds = ["param"] * 5
        if "const-bounds" in o:
            kinds += ["const"]
        if outer and "triangular" in o:
            kinds += ["tri"] * 2
        if outer and "minmax" in o:
            kinds += ["minmax"]
        kind = r.choice(kinds)
        step = 2 if ("step2" in o and r.random() < 0.2) else 1
        reverse = "reverse" in o and r.random() < 0.2
        P = r.choice(self.sizes)
        u, ue = r.choice(outer) if outer else (None, None)
        if kind == "const":
            a = r.choice([0, 0, 1])
            c = a + r.randint(1, 5)
            if reverse:
                return (Loop(var, Bound.lin(Lin.c(c - 1)), ">=", Bound.lin(Lin.c(a)), -step),
                        Envelope(a, Lin.c(c - 1)), True)
            cmp = r.choice(["<", "<="])
            lim = c if cmp == "<" else c - 1
            return (Loop(var, Bound.lin(Lin.c(a)), cmp, Bound.lin(Lin.c(lim)), step,
                         swap=r.random() < 0.1),
                    Envelope(a, Lin.c(c - 1)), True)
        if kind == "param":
            a = r.choice([0, 0, 0, 1, 2])
            b = r.choice([-1, 0, 0, 0, 1])
            hi = Lin.var(P) + (b - 1)
            nonempty = nonneg(hi - a)
            if reverse:
                cmp = r.choice([">=", ">"])
                lim = a if cmp == ">=" else a - 1
                return (Loop(var, Bound.lin(hi), cmp, Bound.lin(Lin.c(lim)), -step),
                        Envelope(a, hi), nonempty)
            cmp = r.choice(["<", "<", "<="])
            lim = hi + 1 if cmp == "<" else hi
            return (Loop(var, Bound.lin(Lin.c(a)), cmp, Bound.lin(lim), step,
                         swap=r.random() < 0.1),
                    Envelope(a, hi), nonempty)
        if kind == "tri":
            uv = Lin.var(u.var)
            if r.random() < 0.5:
                # from the outer variable up to a parameter bound
                a = r.choice([0, 1])
                hi = Lin.var(P) + r.choice([-1, -1, 0])
                if reverse:
                    return (Loop(var, Bound.lin(hi), ">=", Bound.lin(uv + a), -step),
                            Envelope(ue.lo + a, hi), False)
                return (Loop(var, Bound.lin(uv + a), "<", Bound.lin(hi + 1), step),
                        Envelope(ue.lo + a, hi), False)
            # from a constant up to the outer variable
            b = r.choice([-1, 0, 0, 1])
            lo = r.choice([0, 0, 1])
            if reverse:
                return (Loop(var, Bound.lin(uv + b), ">=", Bound.lin(Lin.c(lo)), -step),
                        Envelope(lo, ue.hi + b), False)
            cmp = r.choice(["<", "<="])
            lim = uv + (b + 1) if cmp == "<" else uv + b
            return (Loop(var, Bound.lin(Lin.c(lo)), cmp, Bound.lin(lim), step),
                    Envelope(lo, ue.hi + b), False)
        # minmax: MAX(a, u - c) <= v < MIN(P + b, u + c2), or v < P && v < u + c2
        uv = Lin.var(u.var)
        a = r.choice([0, 0, 1])
        c = r.choice([1, 2])
        c2 = r.choice([1, 2, 3])
        b = r.choice([-1, 0, 0])
        hi = Lin.var(P) + (b - 1)
        if r.random() < 0.5:
            start = Bound("max", [Lin.c(a), uv - c])
        else:
            start = Bound.lin(Lin.c(a))
        form = r.choice(["min", "min", "and"])
        limit = Bound(form, [Lin.var(P) + b, uv + c2])
        return (Loop(var, start, "<", limit, step), Envelope(a, hi), False)

    def body(self, ctx, loop, depth, maxd, perfect):
        """Fills loop.body; returns the scalars definitely written by one
        iteration."""
        r = self.rng
        o = self.o
        items = loop.body
        written = set()
        inner = depth + 1 < maxd
        if inner and perfect:
            child, w = self.loop(ctx, depth + 1, maxd, True)
            items.append(child)
            return w
        red = None
        if not inner:
            for _ in range(r.choice([1, 1, 2, 3])):
                items.append(self.stmt(ctx))
                self.note_writes(ctx, items[-1:])
            self.reduction_updates(ctx, items)
            w = self.note_writes(ctx, items)
            self.add_continue(ctx, items)
            return w
        # statements before the inner loop: a private scalar, a loop-local
        # array, plain statements, a reduction's initialisation
        if "loop-scalars" in o and r.random() < 0.4:
            n = self.name("scalar", ["t", "x", "y", "z", "w"])
            self.loop_decls.append(n)
            if "reuse-decls" in o and self.nrng.random() < 0.5:
                # a name declared in an earlier loop body, out of scope here
                # (a sibling loop's, or a previous nest's): a new variable
                cands = [m for m in self.loop_decls[:-1]
                         if m not in ctx.scope and m not in ctx.arrays and
                         m not in ctx.envs()]
                if cands:
                    n = self.nrng.choice(cands)
            e, mag = self.expr(ctx, 2)
            items.append(Stmt("decl", name=n, rhs=self.fit(e, mag, ASSIGN_CAP)))
            ctx.scope[n] = ctx.depth()
            ctx.init.add(n)
        if "loop-arrays" in o and r.random() < 0.2:
            items.extend(self.loop_array(ctx))
        for _ in range(r.choice([0, 1, 1, 2])):
            items.append(self.stmt(ctx))
            self.note_writes(ctx, items[-1:])
        if ("reductions" in o and r.random() < 0.5) or (
                ctx.contract and ctx.depth() == 2 and len(ctx.par) == 2):
            red = self.reduction_scalar(ctx, items)
        cctx = ctx.child()
        if red:
            cctx.reduction.append(red)
        child, w = self.loop(cctx, depth + 1, maxd, r.random() < 0.5)
        items.append(child)
        ctx.init |= w
        if "imperfect" in o and r.random() < 0.2 and "multi-nest" in o:
            sib, w2 = self.loop(ctx.child(), depth + 1, min(maxd, depth + 2), True)
            items.append(sib)
            ctx.init |= w2
        if red:
            items.append(self.use_reduction(ctx, red[0]))
        for _ in range(r.choice([0, 0, 1, 2])):
            items.append(self.stmt(ctx))
            self.note_writes(ctx, items[-1:])
        w = self.note_writes(ctx, items) | w
        self.add_continue(ctx, items)
        return w

    def add_continue(self, ctx, items):
        """`if (c) continue;` before statements of the body that only write
        parameter arrays (what it skips leaves no scalar or local array
        unwritten): looptile makes them the if's else branch."""
        if "continue" not in self.o or self.ctrng.random() >= 0.3:
            return
        k = len(items)
        while k > 0 and isinstance(items[k - 1], Stmt) and \
                items[k - 1].kind in ("assign", "incdec") and \
                items[k - 1].lhs[0] == "aref" and \
                items[k - 1].lhs[1].is_param and \
                getattr(items[k - 1], "guard", None) is None:
            k -= 1
        if k == len(items):
            return
        at = self.ctrng.randint(k, len(items) - 1)
        first = items[at]
        data = first.lhs if first.lhs[1].name in ctx.readable else None
        saved, self.crng = self.crng, self.ctrng
        c = self.cond(ctx, data)
        self.crng = saved
        if c is None:
            return
        s = Stmt("continue")
        s.guard = c
        items.insert(at, s)

    def note_writes(self, ctx, items):
        w = set()
        for s in items:
            if isinstance(s, Stmt) and s.kind == "assign" and s.op == "=" and s.lhs[0] == "name":
                w.add(s.lhs[1])
            if isinstance(s, Stmt) and s.kind == "decl" and s.rhs is not None:
                w.add(s.name)
        ctx.init |= w
        return {n for n in w if ctx.scope.get(n, 0) < ctx.depth()}

    def loop_array(self, ctx):
        """int w[E]; for (q = 0; q < E; q++) w[q] = e;  (every element)"""
        r = self.rng
        n = self.name("array", ["w", "z", "v"])
        if r.random() < 0.5 or "local-vla" not in self.o:
            ext = Lin.c(r.randint(2, 6))
        else:
            ext = Lin.var(r.choice(self.sizes)) + r.choice([0, 1])
        arr = Array(n, [ext], "looplocal")
        arr.depth = ctx.depth()
        q = "q" if "q" not in ctx.envs() else "p"
        if "reuse-names" not in self.o:
            q = self.fresh_loop_var()
        init = Loop(q, Bound.lin(Lin.c(0)), "<", Bound.lin(ext), 1)
        ictx = ctx.child()
        ictx.loops.append((init, Envelope(0, ext - 1), max_over_params(ext)))
        e, mag = self.expr(ictx, 1)
        init.body.append(Stmt("assign", lhs=("aref", arr, [Lin.var(q)]), op="=",
                              rhs=self.fit(e, mag, ASSIGN_CAP)))
        ctx.arrays[n] = arr
        ctx.readable.add(n)
        return [Stmt("arrdecl", array=arr), init]

    def reduction_scalar(self, ctx, items):
        r = self.rng
        cands = [s for s in self.fscalars if s not in ctx.reduction
                 and s not in ctx.scope_ro]
        if cands and r.random() < 0.4:
            n = r.choice(cands)
            items.append(Stmt("assign", lhs=("name", n), op="=",
                              rhs=("const", r.randint(-2, 3))))
            ctx.init.add(n)
        else:
            n = self.name("scalar", ["acc", "sum", "r"])
            items.append(Stmt("decl", name=n, rhs=("const", r.randint(-2, 3))))
            ctx.scope[n] = ctx.depth()
            ctx.init.add(n)
        return (n, r.choice(["+=", "+=", "-=", "++", "*="]))

    def use_reduction(self, ctx, n):
        r = self.rng
        arr = self.pick_write_array(ctx)
        e = ("name", n)
        if arr is None:
            return Stmt("assign", lhs=e, op="=", rhs=self.fit(e, VCAP, ASSIGN_CAP))
        subs = self.subs(ctx, arr)
        if subs is None:
            return Stmt("assign", lhs=e, op="=", rhs=self.fit(e, VCAP, ASSIGN_CAP))
        return Stmt("assign", lhs=("aref", arr, subs), op="=",
                    rhs=self.fit(e, VCAP, ASSIGN_CAP))

    def reduction_updates(self, ctx, items):
        """Innermost body: the reduction updates asked for by outer bodies."""
        # the reductions are handed down through ctx.reduction of each child;
        # find the nearest one
        for n, op in ctx.reduction:
            if op == "++":
                if self.add_drift(ctx, n, 1):
                    items.append(Stmt("incdec", lhs=("name", n), op="++",
                                      prefix=self.rng.random() < 0.3))
                continue
            e, mag = self.expr(ctx, 2, avoid={n})
            if ctx.contract and op in ("+=", "-="):
                c = self.contraction(ctx)
                if c is not None:
                    e, mag = c
            if op == "*=":
                items.append(self.update(n, "*", self.unit(e, mag)))
                continue
            e, mag = self.fit_drift(ctx, n, e, mag)
            if e is not None:
                items.append(self.update(n, op[0], e))

    def update(self, n, op, e):
        """n op= e, or with feature 'update-assign' sometimes the same update
        written as an assignment: n = n + e, n = e + n, n = n - e, n = e * n."""
        r = self.rng
        x = ("name", n)
        if "update-assign" not in self.o or r.random() < 0.7:
            return Stmt("assign", lhs=x, op=op + "=", rhs=e)
        # may e be the right operand (n - e, n + e, n * e)?
        right_ok = "assoc" in self.o or A.expr_prec(A.unparen(e)) != A.PREC[op]
        if op == "-":
            if not right_ok:
                return Stmt("assign", lhs=x, op="-=", rhs=e)
            return Stmt("assign", lhs=x, op="=", rhs=("bin", "-", x, e))
        if r.random() < 0.5 or not right_ok:
            return Stmt("assign", lhs=x, op="=", rhs=("bin", op, e, x))
        return Stmt("assign", lhs=x, op="=", rhs=("bin", op, x, e))

    # -- statements ----------------------------------------------------------------

    def contraction(self, ctx):
        """X[i][k] * Y[k][j] (other dimensions at random) with i, j the
        parallel loops and k the innermost loop, or None."""
        r = self.rng
        i, j = ctx.contract
        k = ctx.loops[-1][0].var
        if k in (i, j):
            return None
        envs = ctx.envs()
        reads = []
        for pair in ((i, k), (k, j)):
            cands = []
            for name in sorted(ctx.readable):
                arr = ctx.arrays.get(name)
                if arr is None or len(arr.dims) < 2 or name in (ctx.wset or {}):
                    continue
                if in_bounds(Lin.var(pair[0]), arr.dims[0], envs) and \
                        in_bounds(Lin.var(pair[1]), arr.dims[1], envs):
                    cands.append(arr)
            if not cands:
                return None
            arr = r.choice(cands)
            subs = self.subs(ctx, arr)
            if subs is None:
                return None
            subs[0], subs[1] = Lin.var(pair[0]), Lin.var(pair[1])
            reads.append((("aref", arr, subs), self.read_mag(arr)))
        (a, ma), (b, mb) = reads
        if ma * mb > EXPR_CAP:
            return None
        sp = self.f.scalar_params()
        if "scaled-contractions" in self.o and sp and \
                ma * mb * SCALAR_PARAM_MAG <= EXPR_CAP and \
                self.srng.random() < 0.5:
            # The register-tiled kernel stages the first two forms as the
            # products (StagedAccess::Scale); the third keeps the operands.
            p = ("name", self.srng.choice(sp))
            form = self.srng.randrange(3)
            m = ma * mb * SCALAR_PARAM_MAG
            if form == 0:
                return ("bin", "*", ("bin", "*", p, a), b), m
            if form == 1:
                return ("bin", "*", a, ("paren", ("bin", "*", p, b))), m
            return ("bin", "*", ("bin", "*", a, b), p), m
        return ("bin", "*", a, b), ma * mb

    def read_mag(self, arr):
        return IN_MAG if arr.readonly else VCAP

    def pick_write_array(self, ctx):
        cands = [a for a in ctx.arrays.values() if not a.readonly]
        if ctx.wset is not None:
            cands = [a for a in cands if a.name in ctx.wset]
        return self.rng.choice(cands) if cands else None

    def cond(self, ctx, data=None):
        """A condition: on data (data, an element read, against a constant),
        on a loop variable (against a size plus a constant, a constant or
        another loop variable: affine), or a loop variable's parity (not
        affine)."""
        c = self.crng
        op = c.choice(["<", "<=", ">", ">=", "==", "!="])
        if data is not None and (not ctx.loops or c.random() < 0.5):
            return ("cmp", op, data, ("const", c.randint(-50, 50)))
        if not ctx.loops:
            return None
        v = ("name", c.choice(ctx.loops)[0].var)
        kind = c.random()
        if kind < 0.15:
            return ("cmp", c.choice(["==", "!="]),
                    ("bin", "%", v, ("const", 2)), ("const", 0))
        if kind < 0.6:
            k = c.randint(-2, 2)
            n = ("name", c.choice(self.sizes))
            rhs = n if k == 0 else ("bin", "+" if k > 0 else "-", n,
                                    ("const", abs(k)))
            return ("cmp", op, v, rhs)
        if kind < 0.8 and len(ctx.loops) > 1:
            return ("cmp", op, v, ("name", c.choice(ctx.loops)[0].var))
        return ("cmp", op, v, ("const", c.randint(0, 6)))

    def stmt(self, ctx):
        s = self._stmt(ctx)
        if "guards" in self.o and self.crng.random() < 0.15 and \
                s.kind in ("assign", "incdec") and s.lhs[0] == "aref":
            data = s.lhs if s.lhs[1].name in ctx.readable else None
            s.guard = self.cond(ctx, data)
        return s

    def _stmt(self, ctx):
        r = self.rng
        o = self.o
        wscalars = [n for n in ctx.scope if n not in [x for x, _ in ctx.reduction]
                    and n not in ctx.scope_ro]
        use_scalar = wscalars and r.random() < 0.3
        if use_scalar:
            n = r.choice(wscalars)
            lhs = ("name", n)
            var = n
            readable = n in ctx.init
        else:
            arr = self.pick_write_array(ctx)
            subs = self.subs(ctx, arr) if arr else None
            if subs is None:
                if not wscalars and ctx.wset is not None:
                    # nothing this nest may write: a private scalar
                    n = self.name("scalar", ["x", "y", "z", "w"])
                    e, mag = self.expr(ctx, 1)
                    ctx.scope[n] = ctx.depth()
                    ctx.init.add(n)
                    return Stmt("decl", name=n, rhs=self.fit(e, mag, ASSIGN_CAP))
                if not wscalars:
                    # nothing to write: a harmless statement on a parameter array
                    arr = [a for a in ctx.arrays.values() if not a.readonly][0]
                    subs = [Lin.c(0)] * len(arr.dims)
                else:
                    n = r.choice(wscalars)
                    return Stmt("assign", lhs=("name", n), op="=",
                                rhs=("const", r.randint(0, 9)))
            lhs = ("aref", arr, subs)
            var = arr.name
            readable = arr.name in ctx.readable
        ops = ["="] * 6
        if readable and "compound" in o:
            ops += ["+=", "+=", "-=", "*=", "/="]
        if readable and "incdec" in o:
            ops += ["++", "--"]
        op = r.choice(ops)
        if op in ("++", "--"):
            if self.add_drift(ctx, var, 1):
                return Stmt("incdec", lhs=lhs, op=op, prefix=r.random() < 0.4)
            op = "="
        e, mag = self.expr(ctx, r.choice([1, 2, 2, 3]), lhs=lhs)
        if op == "=":
            return Stmt("assign", lhs=lhs, op="=", rhs=self.fit(e, mag, ASSIGN_CAP))
        if op == "*=":
            return Stmt("assign", lhs=lhs, op="*=", rhs=self.unit(e, mag))
        if op == "/=":
            return Stmt("assign", lhs=lhs, op="/=", rhs=self.divisor(ctx))
        e2, mag2 = self.fit_drift(ctx, var, e, mag)
        if e2 is None:
            return Stmt("assign", lhs=lhs, op="=", rhs=self.fit(e, mag, ASSIGN_CAP))
        return Stmt("assign", lhs=lhs, op=op, rhs=e2)

    def decl_depth(self, ctx, var):
        if var in ctx.scope:
            return ctx.scope[var]
        a = ctx.arrays.get(var)
        if a is not None and a.kind == "looplocal":
            return getattr(a, "depth", 0)
        return 0

    def add_drift(self, ctx, var, mag):
        n = ctx.execs(self.decl_depth(ctx, var)) * mag
        if self.drift.get(var, 0) + n > DRIFT_CAP:
            return False
        self.drift[var] = self.drift.get(var, 0) + n
        return True

    def fit_drift(self, ctx, var, e, mag):
        """e reduced so that its updates of var fit the drift budget, or
        (None, 0)."""
        execs = ctx.execs(self.decl_depth(ctx, var))
        room = (DRIFT_CAP - self.drift.get(var, 0)) // execs
        if room < 2:
            return None, 0
        if mag > room:
            m = min(room, self.rng.choice([3, 8, 16, 100, 1000]))
            if m < 2:
                return None, 0
            e, mag = ("bin", "%", e, ("const", m)), m - 1
        self.drift[var] = self.drift.get(var, 0) + execs * mag
        return e, mag

    # -- expressions ---------------------------------------------------------

    def fit(self, e, mag, cap):
        """e, reduced modulo a constant if its magnitude may exceed cap."""
        if mag <= cap:
            return e
        m = self.rng.choice([7, 97, 1000, 4093, 65536])
        return ("bin", "%", e, ("const", m))

    def unit(self, e, mag):
        """An expression in {-1, 0, 1}: the factor of a '*='."""
        r = self.rng
        if r.random() < 0.3:
            return ("const", r.choice([-1, 1, 1, 0]))
        return ("bin", "%", e, ("const", 2))

    def divisor(self, ctx):
        """A positive expression: a constant, or (e % k) + k."""
        r = self.rng
        if r.random() < 0.5:
            return ("const", r.randint(1, 9))
        e, _ = self.expr(ctx, 1)
        k = r.randint(2, 5)
        return ("bin", "+", ("bin", "%", e, ("const", k)), ("const", k))

    def expr(self, ctx, depth, lhs=None, avoid=frozenset()):
        """(expression, bound on its magnitude)."""
        r = self.rng
        o = self.o
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(ctx, lhs, avoid)
        ops = ["+", "+", "-", "-", "*", "*"]
        if "divmod" in o:
            ops += ["/", "%"]
        ops += ["neg"]
        if "fcast" in o:
            ops += ["fcast"]
        if self.f.func_macros:
            ops += ["mcall"]
        op = r.choice(ops)
        if op == "mcall":
            name = r.choice(sorted(self.f.func_macros))
            a, m = self.expr(ctx, depth - 1, lhs, avoid)
            fac = A.FUNC_MACROS[name][1]
            if m * fac > EXPR_CAP:
                a, m = ("bin", "%", a, ("const", 1000)), 999
            return ("mcall", name, a), m * fac
        if op == "neg":
            a, m = self.expr(ctx, depth - 1, lhs, avoid)
            if "double-neg" not in o and (a[0] == "neg" or
                                          (a[0] == "const" and a[1] < 0)):
                return a, m
            return ("neg", a), m
        if op == "fcast":
            a, m = self.expr(ctx, depth - 1, lhs, avoid)
            if m > VCAP:
                a, m = ("bin", "%", a, ("const", 4096)), 4095
            fac = r.choice(["0.5f", "0.25f", "2.0f"] + sorted(self.f.float_macros))
            if fac == "2.0f" and m > VCAP // 2:
                fac = "0.5f"
            m2 = m * 2 if fac == "2.0f" else m
            return ("fcast", a, fac), m2 + 1
        if op in ("/", "%"):
            a, m = self.expr(ctx, depth - 1, lhs, avoid)
            d = self.divisor(ctx)
            dmax = d[1] if d[0] == "const" else 2 * d[3][1] - 1
            e = ("bin", op, a, d)
            return e, (m if op == "/" else min(m, dmax - 1))
        a, ma = self.expr(ctx, depth - 1, lhs, avoid)
        b, mb = self.expr(ctx, depth - 1, lhs, avoid)
        if "assoc" not in o and A.expr_prec(A.unparen(b)) == A.PREC[op]:
            b, mb = self.leaf(ctx, lhs, avoid)
        combine = (lambda x, y: x * y) if op == "*" else (lambda x, y: x + y)
        while combine(ma, mb) > EXPR_CAP:
            k = r.choice([16, 64, 100, 1000])
            if ma >= mb:
                a, ma = ("bin", "%", a, ("const", k)), min(ma, k - 1)
            elif "assoc" in o or op in ("+", "-"):
                b, mb = ("bin", "%", b, ("const", k)), min(mb, k - 1)
            else:
                # (b % k + c): a right operand that keeps its parentheses
                c = r.randint(-2, 2)
                b, mb = ("bin", "+", ("bin", "%", b, ("const", k)),
                         ("const", c)), min(mb, k - 1) + abs(c)
        m = combine(ma, mb)
        e = ("bin", op, a, b)
        if "parens" in o and r.random() < 0.1:
            e = ("paren", e)
        return e, m

    def leaf(self, ctx, lhs, avoid):
        e, m = self._leaf(ctx, lhs, avoid)
        if "select" in self.o and self.crng.random() < 0.06:
            c = self.cond(ctx, e if e[0] == "aref" else None)
            if c is not None:
                other = self.crng.randint(-3, 9)
                return ("sel", c, e, ("const", other)), max(m, abs(other))
        if self.gather and e[0] == "aref" and e[1] is self.gather[1] and \
                self.grng.random() < 0.6:
            idx, tgt, d = self.gather
            isubs = self.subs(ctx, idx)
            if isubs is not None:
                self.f.gathers = getattr(self.f, "gathers", 0) + 1
                return ("gather", tgt, e[2], d, ("aref", idx, isubs)), m
        if e[0] == "aref" and "clamps" in self.o and self.krng.random() < 0.12:
            c = self.clamp(ctx, e)
            if c is not None:
                self.f.clamps = getattr(self.f, "clamps", 0) + 1
                return c, m
        return e, m

    def clamp(self, ctx, e):
        """A read A[.. v + c ..] as a '?:' with a neighbour arm in bounds only
        under its condition: (v < E - c - k ? A[.. v + c + k ..] : A[..]) for
        k > 0, (v >= -(c + k) ? A[.. v + c + k ..] : ...) for k < 0, the
        condition sometimes negated with the arms swapped, written the other
        way round (E - 1 > v), the other arm the original read or a
        constant. Only this feature's stream is drawn from; None when no
        dimension fits."""
        k = self.krng
        arr, subs = e[1], e[2]
        envs = ctx.envs()
        fixed = (ctx.wset or {}).get(arr.name, {})
        cands = []
        for d, s in enumerate(subs):
            if d in fixed or len(s.terms) != 1:
                continue
            (v, coef), = s.terms.items()
            if coef == 1 and v in envs:
                cands.append((d, v))
        if not cands:
            return None
        d, v = k.choice(cands)
        s = subs[d]
        ext = arr.dims[d]
        sh = k.choice([1, 1, 2, -1, -1, -2])
        ns = s + sh
        if in_bounds(ns, ext, envs):
            return None     # in bounds anyway: no clamp needed
        env = envs[v]
        c = s.const
        if sh > 0:
            bound = ext - (c + sh)          # v < bound
            narrowed = dict(envs)
            narrowed[v] = Envelope(env.lo, bound - 1)
            op, rhs = "<", bound
            if k.random() < 0.3:
                op, rhs = "<=", bound - 1
        else:
            lo = -(c + sh)                  # v >= lo
            narrowed = dict(envs)
            narrowed[v] = Envelope(max(env.lo, lo), env.hi)
            op, rhs = ">=", Lin.c(lo)
            if k.random() < 0.3:
                op, rhs = ">", Lin.c(lo - 1)
        near = ("aref", arr, [ns if i == d else x for i, x in enumerate(subs)])
        if not all(in_bounds(x, arr.dims[i], narrowed) for i, x in enumerate(near[2])):
            return None
        other = e if k.random() < 0.7 else ("const", k.randint(-3, 9))
        rhs_e = lin_expr(rhs)
        NEG = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
        FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
        if k.random() < 0.3:
            cond, yes, no = ("cmp", NEG[op], ("name", v), rhs_e), other, near
        else:
            cond, yes, no = ("cmp", op, ("name", v), rhs_e), near, other
        if k.random() < 0.25:
            cond = ("cmp", FLIP[cond[1]], cond[3], cond[2])
        return ("sel", cond, yes, no)

    def _leaf(self, ctx, lhs, avoid):
        r = self.rng
        o = self.o
        choices = []
        arrays = [ctx.arrays[n] for n in ctx.readable if n in ctx.arrays
                  and n not in avoid]
        arrays.sort(key=lambda a: a.name)
        if arrays:
            choices += ["array"] * 6
        if lhs is not None and lhs[0] == "aref" and lhs[1].name in ctx.readable \
                and "shifts" in o:
            choices += ["shift"] * 4
        reds = {n for n, _ in ctx.reduction}
        scal = sorted(n for n in ctx.init if n in ctx.scope and n not in avoid
                      and n not in reds)
        if scal:
            choices += ["scalar"] * 3
        if ctx.loops:
            choices += ["loopvar"] * 2
        choices += ["const", "size"]
        sp = self.f.scalar_params()
        if sp:
            choices += ["sparam"]
        if self.macros:
            choices += ["macro"]
        kind = r.choice(choices)
        if kind == "shift":
            arr, subs = lhs[1], lhs[2]
            fixed = (ctx.wset or {}).get(arr.name, {})
            for _ in range(6):
                ns = [s if d in fixed else s + r.choice([-2, -1, -1, 0, 1, 1, 2])
                      for d, s in enumerate(subs)]
                if all(self.sub_ok(ctx, arr, d, s) for d, s in enumerate(ns)):
                    return ("aref", arr, ns), VCAP
            kind = "array"
        if kind == "array":
            arr = r.choice(arrays)
            subs = self.subs(ctx, arr)
            if subs is not None:
                return ("aref", arr, subs), self.read_mag(arr)
            kind = "const"
        if kind == "scalar":
            return ("name", r.choice(scal)), VCAP
        if kind == "loopvar":
            l, e, _ = r.choice(ctx.loops)
            return ("name", l.var), max(abs(e.lo), abs(max_over_params(e.hi)),
                                        abs(min_over_params(e.hi)))
        if kind == "size":
            return ("name", r.choice(self.sizes)), S_MAX
        if kind == "sparam":
            return ("name", r.choice(sp)), SCALAR_PARAM_MAG
        if kind == "macro":
            n = r.choice(sorted(self.macros))
            return ("name", n), abs(self.macros[n])
        v = r.choice([r.randint(-3, 9), r.randint(0, 3), r.randint(10, 1000)])
        return ("const", v), abs(v)

    # -- subscripts ------------------------------------------------------------

    def sub_ok(self, ctx, arr, d, sub):
        envs = ctx.envs()
        for n in sub.names():
            if n not in envs and n not in self.sizes:
                return False
        return in_bounds(sub, arr.dims[d], envs)

    def subs(self, ctx, arr):
        """Random in-bounds subscripts for every dimension of arr, or None."""
        r = self.rng
        envs = ctx.envs()
        vars_ = [l.var for l, _, _ in ctx.loops]
        out = []
        used = set()
        fixed = (ctx.wset or {}).get(arr.name)
        if fixed is not None and not all(n in envs for s in fixed.values()
                                         for n in s.names()):
            return None
        for d, ext in enumerate(arr.dims):
            if fixed and d in fixed:
                out.append(fixed[d])
                used |= fixed[d].names()
                continue
            cands = []
            for v in vars_:
                for c in (-2, -1, 0, 0, 0, 1, 2):
                    cands.append(Lin.var(v) + c)
                cands.append(Lin.var(v, 2) + r.choice([0, 1]))
                for P in self.sizes:
                    cands.append(Lin.var(P) - 1 - Lin.var(v))
                for w in vars_:
                    if w != v:
                        cands.append(Lin.var(v) + Lin.var(w))
            ok = [s for s in cands if in_bounds(s, ext, envs)]
            fresh = [s for s in ok if not (s.names() & used)]
            if fresh and r.random() < 0.8:
                s = r.choice(fresh)
            elif ok and r.random() < 0.9:
                s = r.choice(ok)
            else:
                lo = min_over_params(ext)
                if lo < 1:
                    return None
                s = Lin.c(r.randint(0, min(lo - 1, 3)))
            used |= s.names()
            out.append(s)
        return out


def lin_expr(lin):
    """An affine form of the sizes as an expression: N - 2, 2*N + 1."""
    e = None
    for n in sorted(lin.terms):
        c = lin.terms[n]
        t = ("name", n) if abs(c) == 1 else ("bin", "*", ("const", abs(c)), ("name", n))
        if e is None:
            e = t if c > 0 else ("neg", t)
        else:
            e = ("bin", "+" if c > 0 else "-", e, t)
    if e is None:
        return ("const", lin.const)
    if lin.const:
        e = ("bin", "+" if lin.const > 0 else "-", e, ("const", abs(lin.const)))
    return e


def all_loops(items):
    for it in items:
        if isinstance(it, Loop):
            yield it
            for x in all_loops(it.body):
                yield x


def map_values(f, fn):
    """Applies fn to every expression node of f's values and conditions
    (not subscripts or loop bounds), bottom-up."""
    def ex(e):
        k = e[0]
        if k in ("bin",):
            e = (k, e[1], ex(e[2]), ex(e[3]))
        elif k in ("neg", "paren"):
            e = (k, ex(e[1]))
        elif k == "fcast":
            e = (k, ex(e[1]), e[2])
        elif k == "fclass":
            e = (k, e[1], ex(e[2]), e[3])
        elif k == "mcall":
            e = (k, e[1], ex(e[2]))
        elif k == "sel":
            e = (k, ex(e[1]), ex(e[2]), ex(e[3]))
        elif k == "gather":
            e = (k, e[1], e[2], e[3], ex(e[4]))
        elif k == "cmp":
            e = (k, e[1], ex(e[2]), ex(e[3]))
        return fn(e)

    def items(its):
        for it in its:
            if isinstance(it, Loop):
                items(it.body)
                continue
            if getattr(it, "rhs", None) is not None:
                it.rhs = ex(it.rhs)
            if getattr(it, "guard", None) is not None:
                it.guard = ex(it.guard)
    items(f.decls)
    items(f.body)


def classify(g, f):
    """Feature classify, after generation (its own stream, so the program
    is otherwise the one the seed had): in 30% of the programs, half of the
    float casts (int)((float)(a) * k) gain a classification of the same
    value, + fn((float)(a) * s), fn one of math.h's isnan, isinf, isfinite
    and isnormal and s 1.0f or 1e38f (infinite where |a| >= 4: isinf is
    -1 below -3, isfinite 0). Kept only where the validator's rules still
    hold. Returns the program (a copy where values were rewritten)."""
    import copy
    from .validate import validate
    r = g.fcrng
    if r.random() >= 0.3:
        return f
    h = copy.deepcopy(f)

    def fn(e):
        if e[0] != "fcast" or r.random() >= 0.5:
            return e
        name = r.choice(["isnan", "isinf", "isfinite", "isnormal"])
        scale = r.choice(["1.0f", "1e38f"])
        return ("bin", "+", e, ("fclass", name, e[1], scale))
    map_values(h, fn)
    return h if validate(h) is None else f


def index_types(g, f):
    """Feature index-types, after generation (its own stream, so the program
    is otherwise the one the seed had). In 45% of the programs every loop
    variable and size gets one type, long, unsigned or size_t (looptile
    refuses a bound converted to a narrower type or a signed size compared
    in an unsigned type, so mixed programs are mostly refused); an unsigned
    one read as a value or in a condition is read as IDX(n), ((int)(n));
    where the unsigned type breaks a rule (a bound that may be negative, a
    pointer parameter's subscript) the program falls back to long. In
    10% single loops get a type of their own (mixed types, mostly refusals). A
    MIN/MAX bound's parts are sometimes swapped (MAX(i - 1, 0)). A change is
    kept only where the validator's rules still hold (no unsigned wrap), at
    0 too for a zero-sizes candidate that holds there. Returns the program
    (a copy where the values were rewritten)."""
    import copy
    from .validate import validate, zero_class
    t = g.trng
    base0 = zero_class(f) if f.zero_sizes else None
    types = ["long", "unsigned", "unsigned"]
    if "size_t" not in g.used_names:
        types.append("size_t")

    def ok(f):
        if validate(f, floor=1) is not None:
            return False
        return not f.zero_sizes or zero_class(f) == base0

    def set_all(f, ty):
        for lp in all_loops(f.body):
            # a backward loop over an unsigned variable would wrap below 0
            lp.ctype = "long" if ty in ("unsigned", "size_t") and lp.step < 0 else ty
        f.size_types = {n: ty for n in f.sizes()} if ty != "int" else {}
        if ty in ("unsigned", "size_t"):
            names = set(f.sizes()) | {lp.var for lp in all_loops(f.body)}
            map_values(f, lambda e: ("mcall", "IDX", e)
                       if e[0] == "name" and e[1] in names else e)
            f.func_macros = set(f.func_macros) | {"IDX"}
    for lp in all_loops(f.body):
        if lp.start.kind in ("min", "max") and t.random() < 0.5:
            lp.start.parts.reverse()
        if lp.limit.kind in ("min", "max") and t.random() < 0.5:
            lp.limit.parts.reverse()
    mode = t.random()
    if mode < 0.45:
        ty = t.choice(types)
        for cand in ([ty, "long"] if ty != "long" else [ty]):
            h = copy.deepcopy(f)
            set_all(h, cand)
            if ok(h):
                return h
    elif mode < 0.55:
        for n in f.sizes():
            if t.random() < 0.3:
                f.size_types[n] = "long"
        for lp in all_loops(f.body):
            if t.random() < 0.35:
                lp.ctype = t.choice([x for x in types if x != "size_t"] + ["long"])
                if not ok(f):
                    lp.ctype = "int"
        if not ok(f):
            set_all(f, "int")
    return f


def writable_2d(f, r, p):
    """With probability p (drawn from r, only where there is one), one of
    f's writable 2-D VLA parameters; else None."""
    cands = [x[1] for x in f.params if x[0] == "array" and x[1].kind == "vla"
             and not x[1].readonly and len(x[1].dims) == 2]
    if not cands or r.random() >= p:
        return None
    return r.choice(cands)


def wavefront_array(g, f, r, p, inames, jnames):
    """The start of a wavefront nest: with probability p (from r), one of
    f's writable 2-D VLA parameters, its extents and two new loop names
    (from inames, jnames); else None."""
    arr = writable_2d(f, r, p)
    if arr is None:
        return None
    d0, d1 = arr.dims
    return arr, d0, d1, g.name("loop", inames), g.name("loop", jnames)


def wavefronts(g, f):
    """Feature wavefronts, after generation (its own stream, so the program
    is otherwise the one the seed had): in 35% of the programs with a
    writable 2-D VLA parameter, a last nest over it whose loops both carry
    a dependence: `A[i][j] = (A[i - 1][j] % 1000 + A[i][j - 1] % 1000 + c)
    % 1000` (directions (<, =) and (=, <)) or `A[i][j] = (A[i - 1][j + 1] %
    1000 * 3 + c) % 1000` ((<, >)). No order of its loops has a parallel
    loop; looptile's affine scheduler (isl) maps it as a wavefront. Kept
    only where the validator's rules still hold."""
    import copy
    from .validate import validate
    r = g.wrng
    picked = wavefront_array(g, f, r, 0.35, ["wi", "wy"], ["wj", "wx"])
    if picked is None:
        return f
    arr, d0, d1, i, j = picked
    c = r.randint(0, 9)
    I, J = Lin.var(i), Lin.var(j)
    mod = lambda e: ("bin", "%", e, ("const", 1000))
    if r.random() < 0.6:
        rhs = mod(("bin", "+", ("bin", "+", mod(("aref", arr, [I - 1, J])),
                                mod(("aref", arr, [I, J - 1]))), ("const", c)))
        inner = Loop(j, Bound.lin(Lin.c(1)), "<", Bound.lin(d1), 1)
    else:
        rhs = mod(("bin", "+", ("bin", "*", mod(("aref", arr, [I - 1, J + 1])),
                                ("const", 3)), ("const", c)))
        inner = Loop(j, Bound.lin(Lin.c(0)), "<", Bound.lin(d1 - 1), 1)
    outer = Loop(i, Bound.lin(Lin.c(1)), "<", Bound.lin(d0), 1)
    h = copy.deepcopy(f)
    if g.forng.random() < 0.4:
        # The same values through a function-scope scalar that carries them
        # to the element's store (w = A[i - 1][j] % 1000 + A[i][j - 1] %
        # 1000; A[i][j] = (w + c) % 1000): looptile forwards it into
        # A[i][j] before the affine scheduler (Transforms/Forward.h).
        w = g.name("scalar", ["w", "acc"])
        h.decls.append(Stmt("decl", name=w, rhs=None))
        W = ("name", w)
        parts = rhs[2][2] if rhs[2][0] == "bin" and rhs[2][1] == "+" else None
        if parts is not None and parts[0] == "bin" and parts[1] == "+":
            # (a + b) + c: w = a + b; A[i][j] = (w + c) % 1000
            inner.body.append(Stmt("assign", lhs=W, op="=", rhs=parts))
            W = ("bin", "+", W, ("const", c))
        else:
            # a * 3 + c: w = a; A[i][j] = (w * 3 + c) % 1000
            inner.body.append(Stmt("assign", lhs=W, op="=", rhs=rhs[2][2][2]))
            W = ("bin", "+", ("bin", "*", W, ("const", 3)), ("const", c))
        inner.body.append(Stmt("assign", lhs=("aref", arr, [I, J]), op="=",
                               rhs=mod(W)))
        h.forwarded = True
    else:
        inner.body.append(Stmt("assign", lhs=("aref", arr, [I, J]), op="=", rhs=rhs))
    outer.body.append(inner)
    h.body.append(outer)
    h.wavefront = True  # requests.py: mostly generated with no flags
    return h if validate(h, floor=1) is None else f


def closures(g, f):
    """Feature closures, after generation (its own stream): in 30% of the
    programs with a writable square 2-D VLA parameter A[d][d], a last nest
    `for k, i, j < d: A[i][j] = a < t ? a : t` with a = A[i][j] % 1000 and
    t = A[i][k] % 1000 + A[k][j] % 1000 (+ c), Floyd-Warshall's shape (its
    values kept small, so nothing overflows). looptile's mapping
    stage splits it into index sets before isl's scheduler. Kept only where
    the validator's rules still hold."""
    import copy
    from .validate import validate
    r = g.clrng
    arr = writable_2d(f, r, 0.3)
    if arr is None:
        return f
    d0, d1 = arr.dims
    if d0.c_str() != d1.c_str():
        return f
    k = g.name("loop", ["ck", "cm"])
    i = g.name("loop", ["ci", "cy"])
    j = g.name("loop", ["cj", "cx"])
    K, I, J = Lin.var(k), Lin.var(i), Lin.var(j)
    mod = lambda e: ("bin", "%", e, ("const", 1000))
    t = ("bin", "+", mod(("aref", arr, [I, K])), mod(("aref", arr, [K, J])))
    c = r.randint(0, 3)
    if c:
        t = ("bin", "+", t, ("const", c))
    cur = mod(("aref", arr, [I, J]))
    rhs = ("sel", ("cmp", r.choice(["<", "<="]), cur, t), cur, t)
    inner = Loop(j, Bound.lin(Lin.c(0)), "<", Bound.lin(d1), 1)
    inner.body.append(Stmt("assign", lhs=("aref", arr, [I, J]), op="=",
                           rhs=rhs))
    mid = Loop(i, Bound.lin(Lin.c(0)), "<", Bound.lin(d0), 1)
    mid.body.append(inner)
    outer = Loop(k, Bound.lin(Lin.c(0)), "<", Bound.lin(d0), 1)
    outer.body.append(mid)
    h = copy.deepcopy(f)
    h.body.append(outer)
    h.closure = True  # requests.py: mostly generated with no flags
    return h if validate(h, floor=1) is None else f


def steep_wavefronts(g, f):
    """Feature steep-wavefronts, after generation (its own stream): in 30%
    of the programs with a writable 2-D VLA parameter A[d0][d1], a last
    nest whose legal wavefronts all have a coefficient above 1, so that the
    bounds isl writes for the loops inside the wavefront divide: `A[i][j] =
    (A[i - 1][j + 1] % 1000 * 3 + A[i][j - 1] % 1000 + c) % 1000`
    (dependences (1, -1) and (0, 1): 2i + j), or Gauss-Seidel sweeps in a
    time loop of 1 to 3 steps, `A[i][j]` from its four neighbours
    (2t + i + j). Kept only where the validator's rules still hold."""
    import copy
    from .validate import validate
    r = g.swrng
    picked = wavefront_array(g, f, r, 0.3, ["si", "sy"], ["sj", "sx"])
    if picked is None:
        return f
    arr, d0, d1, i, j = picked
    I, J = Lin.var(i), Lin.var(j)
    c = r.randint(0, 9)
    mod = lambda e: ("bin", "%", e, ("const", 1000))
    ref = lambda di, dj: mod(("aref", arr, [I + di, J + dj]))
    h = copy.deepcopy(f)
    if r.random() < 0.5:
        rhs = ("bin", "+", ("bin", "+", ("bin", "*", ref(-1, 1), ("const", 3)),
                            ref(0, -1)), ("const", c))
        inner = Loop(j, Bound.lin(Lin.c(1)), "<", Bound.lin(d1 - 1), 1)
        inner.body.append(Stmt("assign", lhs=("aref", arr, [I, J]), op="=",
                               rhs=mod(rhs)))
        outer = Loop(i, Bound.lin(Lin.c(1)), "<", Bound.lin(d0), 1)
        outer.body.append(inner)
    else:
        t = g.name("loop", ["st", "sk"])
        rhs = ("bin", "+", ("bin", "+", ("bin", "+", ref(-1, 0), ref(1, 0)),
                            ("bin", "+", ref(0, -1), ref(0, 1))), ("const", c))
        inner = Loop(j, Bound.lin(Lin.c(1)), "<", Bound.lin(d1 - 1), 1)
        inner.body.append(Stmt("assign", lhs=("aref", arr, [I, J]), op="=",
                               rhs=mod(rhs)))
        mid = Loop(i, Bound.lin(Lin.c(1)), "<", Bound.lin(d0 - 1), 1)
        mid.body.append(inner)
        outer = Loop(t, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.c(r.randint(1, 3))), 1)
        outer.body.append(mid)
    h.body.append(outer)
    h.wavefront = True  # requests.py: mostly generated with no flags
    h.steep = True
    return h if validate(h, floor=1) is None else f


def early_return(g, f):
    """`if (C) return K;` first in a function that returns a scalar at the
    end: C a condition on the sizes alone (N <= 0, N < 2, N < 1 || M < 3),
    K a constant. Only this class's stream is drawn from."""
    e = g.errng
    if e.random() >= 0.5 or not g.sizes:
        return f
    n = e.choice(g.sizes)
    conds = ["%s <= 0" % n, "%s < %d" % (n, e.randint(1, 4))]
    if len(g.sizes) > 1:
        m = e.choice([x for x in g.sizes if x != n])
        conds.append("%s < 1 || %s < %d" % (n, m, e.randint(1, 3)))
    f.early = (e.choice(conds), e.randint(-9, 9))
    return f


def derived_sizes(g, f):
    """Feature derived-sizes: a size N that bounds some loop prints as (c*q
    + r), q = N / c and r = N % c declared at the top (after an early
    return); the program's meaning is unchanged. Only this class's stream
    is drawn from."""
    d = g.dsrng
    if d.random() >= 0.4:
        return f
    loop_vars = {l.var for l in A._loops(f.body)}
    bound = set()
    for l in A._loops(f.body):
        bound |= (l.start.names() | l.limit.names()) - loop_vars
    cands = [n for n in f.sizes() if n in bound]
    if not cands:
        return f
    f.derived = []
    for n in d.sample(cands, min(len(cands), d.randint(1, 2))):
        names = []
        for suffix in ("q", "r"):
            k, name = 0, "%s_%s" % (n, suffix)
            while name in g.used_names:
                k += 1
                name = "%s_%s%d" % (n, suffix, k)
            g.used_names.add(name)
            names.append(name)
        f.derived.append((n, names[0], names[1], d.randint(2, 4)))
    return f


def minmax_helpers(g, f):
    """Feature minmax-helpers: MIN/MAX bounds print as calls to int helpers
    where every loop variable and size is an int."""
    d = g.dsrng
    if d.random() >= 0.5:
        return f
    if any(getattr(l, "ctype", "int") != "int" for l in A._loops(f.body)) or \
            any(t != "int" for t in getattr(f, "size_types", {}).values()):
        return f
    if any(b.kind in ("min", "max") for l in A._loops(f.body)
           for b in (l.start, l.limit)):
        f.minmax_calls = True
    return f


def computed_gathers(g, f):
    """Feature computed-gathers: in 30% of the programs with a const array
    parameter, the reads of one print their last subscript as
    (int)(float)(s) (ast.aref_str)."""
    d = g.dsrng
    if d.random() >= 0.3 or f.zero_sizes == "oob":
        return f
    cands = [p[1] for p in f.params
             if p[0] == "array" and p[1].readonly and p[1].kind != "ptr"]
    if cands:
        f.float_index = d.choice(cands).name
    return f


def last_class_size(g, f, d, p):
    """For a class that appends a last nest (host-row-reductions,
    row-strips): with probability p (drawn from the class's stream d), in
    an OpenCL-friendly program, one of its int sizes; else None."""
    if d.random() >= p or not g.ocl_friendly:
        return None
    types = getattr(f, "size_types", {})
    sizes = [n for n in f.sizes() if types.get(n, "int") == "int"]
    if not sizes:
        return None
    return d.choice(sizes)


def fresh_param_name(g, base):
    """base, or base1, base2, ...: the first name no parameter, local or
    loop variable of the program has; taken from then on."""
    k, n = 0, base
    while n in g.used_names or n in g.all_loop_vars:
        k += 1
        n = "%s%d" % (base, k)
    g.used_names.add(n)
    return n


def host_row_reductions(g, f):
    """Feature host-row-reductions: in 30% of the OpenCL-friendly programs
    with an int size N, three new parameters (const int X[N][N], int x[N],
    int y[N]) and, last in the body,
      for (t = 0; t < T; t++) {
        for (i = 0; i < N; i++) {
          int m = x[i] % 1000;
          for (j = 0; j < N; j++) m = max/min(m, X[i][j] - x[j] % 1000);
                                                              (or += % 16)
          y[i] = m % 1000;
        }
        for (i = 0; i < N; i++) x[i] = y[i] % 1000 - 1;
      }
    Each step reads all of x, which the step before wrote: t stays on the
    host. Only this class's stream is drawn from; every value stays within
    IN_MAG + 1000 plus 15 per term of a sum."""
    d = g.hrrng
    N = last_class_size(g, f, d, 0.3)
    if N is None:
        return f
    fresh = lambda base: fresh_param_name(g, base)
    X = Array(fresh("RX"), [Lin.var(N), Lin.var(N)], "vla", readonly=True,
              restrict=d.random() < 0.7)
    x = Array(fresh("rx"), [Lin.var(N)], "vla", restrict=d.random() < 0.7)
    y = Array(fresh("ry"), [Lin.var(N)], "vla", restrict=d.random() < 0.7)
    for a in (X, x, y):
        f.params.append(("array", a))
    t, i, j, m = fresh("rt"), fresh("ri"), fresh("rj"), fresh("rm")
    for v in (t, i, j):
        g.all_loop_vars.add(v)
    T = d.choice([1, 2, 3, 4])
    tl = Loop(t, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.c(T)), 1)
    tl.host_loop = True
    row = Loop(i, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.var(N)), 1)
    red = Loop(j, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.var(N)), 1)
    term = ("bin", "-", ("aref", X, [Lin.var(i), Lin.var(j)]),
            ("bin", "%", ("aref", x, [Lin.var(j)]), ("const", 1000)))
    mv = ("name", m)
    kind = d.choice(["max", "min", "sum"])
    if kind == "sum":
        red.body.append(Stmt("assign", lhs=mv, op="+=",
                             rhs=("bin", "%", ("paren", term), ("const", 16))))
    else:
        op = ">" if kind == "max" else "<"
        if d.random() < 0.5:
            cond = ("cmp", op, term, mv)
        else:
            cond = ("cmp", "<" if op == ">" else ">", mv, term)
        red.body.append(Stmt("assign", lhs=mv, op="=",
                             rhs=("sel", cond, term, mv)))
    row.body = [Stmt("decl", name=m, rhs=("bin", "%", ("aref", x, [Lin.var(i)]),
                                          ("const", 1000))), red,
                Stmt("assign", lhs=("aref", y, [Lin.var(i)]), op="=",
                     rhs=("bin", "%", mv, ("const", 1000)))]
    upd = Loop(i, Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.var(N)), 1)
    upd.body = [Stmt("assign", lhs=("aref", x, [Lin.var(i)]), op="=",
                     rhs=("bin", "-", ("bin", "%", ("aref", y, [Lin.var(i)]),
                                       ("const", 1000)), ("const", 1)))]
    tl.body = [row, upd]
    f.body.append(tl)
    f.host_rows = kind
    return f


def row_strips(g, f):
    """Feature row-strips: in 60% of the OpenCL-friendly programs with an
    int size N, two new parameters A[N][N] and B[N][N] (A const where it is
    only read) and, last in the body, a stencil
      for (i = lo; i < N - hi; i++)
        for (j = lo2; j < N - hi2; j++)
          B[i][j] = (A[i + d1][j + e1] % 1000 + ... + c) % 1000;
    with three or four reads at row offsets d in -3..3 (three of them in
    one column within four consecutive rows: what looptile gives a
    work-item a strip of rows for) and
    column offsets e in -2..2, the bounds keeping every read inside A; or,
    in half of them, that sweep and its mirror image (A from B) in a time
    loop of 1 to 3 steps. Only this class's stream is drawn from; values
    stay below 4 * 1000 + 9."""
    d = g.rsrng
    N = last_class_size(g, f, d, 0.6)
    if N is None:
        return f
    fresh = lambda base: fresh_param_name(g, base)
    timed = d.random() < 0.5
    A = Array(fresh("SA"), [Lin.var(N), Lin.var(N)], "vla",
              readonly=not timed, restrict=d.random() < 0.7)
    B = Array(fresh("SB"), [Lin.var(N), Lin.var(N)], "vla",
              restrict=d.random() < 0.7)
    for a in (A, B):
        f.params.append(("array", a))
    i, j = fresh("si"), fresh("sj")
    for v in (i, j):
        g.all_loop_vars.add(v)
    # Offsets: three rows of one column within four consecutive rows (two
    # reads a strip saves: looptile strips a nest with two or more), then
    # more reads.
    base = d.randint(-3, 0)
    offs = [(r0, 0) for r0 in d.sample(range(base, base + 4), 3)]
    for _ in range(d.randint(0, 1)):
        offs.append((d.randint(-3, 3), d.randint(-2, 2)))
    d.shuffle(offs)
    lo = max(0, -min(o[0] for o in offs))
    hi = max(0, max(o[0] for o in offs))
    lo2 = max(0, -min(o[1] for o in offs))
    hi2 = max(0, max(o[1] for o in offs))
    c = d.randint(0, 9)

    def sweep(src, dst):
        rhs = None
        for di, dj in offs:
            t = ("bin", "%", ("aref", src, [Lin.var(i) + di, Lin.var(j) + dj]),
                 ("const", 1000))
            rhs = t if rhs is None else ("bin", "+", rhs, t)
        rhs = ("bin", "%", ("paren", ("bin", "+", rhs, ("const", c))),
               ("const", 1000))
        inner = Loop(j, Bound.lin(Lin.c(lo2)), "<",
                     Bound.lin(Lin.var(N) - hi2), 1)
        inner.body.append(Stmt("assign", lhs=("aref", dst,
                                              [Lin.var(i), Lin.var(j)]),
                               op="=", rhs=rhs))
        outer = Loop(i, Bound.lin(Lin.c(lo)), "<", Bound.lin(Lin.var(N) - hi),
                     1)
        outer.body.append(inner)
        return outer
    if timed:
        t = fresh("st")
        g.all_loop_vars.add(t)
        tl = Loop(t, Bound.lin(Lin.c(0)), "<",
                  Bound.lin(Lin.c(d.randint(1, 3))), 1)
        tl.host_loop = True
        tl.body = [sweep(A, B), sweep(B, A)]
        f.body.append(tl)
    else:
        f.body.append(sweep(A, B))
    f.row_strips = True
    return f


def generate(seed, exclude=()):
    """The program of a seed: a Func. Deterministic in (seed, exclude)."""
    A.Node._next[0] = 0
    g = Gen(seed, Options(exclude))
    f = g.generate()
    f.ocl_friendly = g.ocl_friendly
    from .validate import validate
    if "zero-sizes" in g.o or "zero-refusals" in g.o:
        f.zero_sizes = "candidate"
    if "wavefronts" in g.o:
        f = wavefronts(g, f)
    if "closures" in g.o:
        f = closures(g, f)
    if "steep-wavefronts" in g.o:
        f = steep_wavefronts(g, f)
    if "classify" in g.o and "fcast" in g.o:
        f = classify(g, f)
    if "early-returns" in g.o and getattr(f, "ret", None):
        f = early_return(g, f)
    if "index-types" in g.o:
        f = index_types(g, f)
    if "derived-sizes" in g.o:
        f = derived_sizes(g, f)
    if "minmax-helpers" in g.o:
        f = minmax_helpers(g, f)
    if "host-row-reductions" in g.o:
        f = host_row_reductions(g, f)
    if "row-strips" in g.o:
        f = row_strips(g, f)
    if f.zero_sizes:
        # every oracle at sizes 0 where the rules hold there; where only an
        # access is out of bounds (a statement outside the loops: A[0] of
        # an extent-N array), the OpenCL oracle expects a refusal
        from .validate import zero_class
        f.zero_sizes = zero_class(f)
        if f.zero_sizes == "oob" and "zero-refusals" not in g.o:
            f.zero_sizes = None
    # After the zero-size class: a gather's subscript has no size check (the
    # caller keeps it inside the extent), so a program whose accesses leave
    # an array at a size 0, where the runtime must refuse, keeps its reads.
    if "computed-gathers" in g.o:
        f = computed_gathers(g, f)
    return f
