"""The generator's invariants, checked again on a finished program
(utils/fuzz): the reducer keeps only variants that pass, so a reduced
reproducer is as free of undefined behaviour as a generated program.

validate(f) returns None or the first violated rule. The rules are those of
gen.py: subscripts in bounds over the loops' envelopes for every size in
[1, S_MAX]; magnitudes bounded (VCAP, ASSIGN_CAP, EXPR_CAP, the drift of
'+=' updates); divisors positive; local scalars read only where definitely
written; local arrays read only after a nest writes every element.

A program of the zero-sizes class (f.zero_sizes == 'clean') is checked for
every size in [0, S_MAX] (lin.size_floor): a parameter array's extent may be
0, a local array's may not (a VLA of 0 elements is undefined).

A '?:' whose condition compares a loop variable with an affine form of the
sizes (clamps) checks each arm with the variable's envelope narrowed to the
arm's side: (i < N - 1 ? A[i + 1] : A[i]).

Loop variables of type long need nothing more; unsigned and size_t ones
(index-types) must not wrap: their loops are forward, every part of a bound
that mentions one (and every other part of that bound) is nonnegative, and
they appear only in subscripts (not of pointer parameters, whose spelling
(C + 1)[(e) - 1] may go below 0) and loop bounds, never in a value or a
condition; so do sizes of these types (every size and loop variable of a
program often has the same type: looptile refuses a bound converted to a
narrower type, and a signed size compared in an unsigned type).

A subscript is evaluated as C does, left to right in the types of its
names (c_sum): a partial sum computed in 32-bit unsigned that may be
negative must not be widened to a 64-bit type afterwards (-col + nj - 1
with an unsigned col and a long nj is 2^32 too large), and no subscript
may end negative in an unsigned type ((A + 1)[(e) - 1] at e = 0).
"""
from .ast import (PREC, Loop, Stmt, expr_prec, expr_str, ptr_spelling, same_expr,
                  unparen, update_op)
from .lin import (ASSIGN_CAP, DRIFT_CAP, EXPR_CAP, IN_MAG, SCALAR_PARAM_MAG, VCAP,
                  Envelope, Lin, S_MAX, in_bounds, max_over_params, min_over_params,
                  nonneg, size_floor, S_FLOORS, never_empty)

UNSIGNED = ("unsigned", "size_t")
INDEX_TYPES = ("int", "long") + UNSIGNED
# C's usual arithmetic conversions on LP64 for these types: the sum of two
# has the type that comes later here (int + unsigned is unsigned, unsigned
# + long is long, long + size_t is size_t)
RANK = ("int", "unsigned", "long", "size_t")


class Invalid(Exception):
    pass


class VCtx:
    def __init__(self):
        self.loops = []      # (var, Envelope, trips)
        self.scope = {}      # local scalar -> declaration depth
        self.init = set()
        self.arrays = {}
        self.readable = set()
        self.adepth = {}     # array -> declaration depth
        self.unsigned = set()  # unsigned / size_t loop variables in scope
        self.wide = set()      # long / size_t sizes and loop variables

    def child(self):
        c = VCtx()
        c.loops = list(self.loops)
        c.scope = dict(self.scope)
        c.init = set(self.init)
        c.arrays = dict(self.arrays)
        c.readable = set(self.readable)
        c.adepth = dict(self.adepth)
        c.unsigned = set(self.unsigned)
        c.wide = set(self.wide)
        return c

    def envs(self):
        return {v: e for v, e, _ in self.loops}

    def ctype(self, n):
        u, w = n in self.unsigned, n in self.wide
        return "size_t" if u and w else "unsigned" if u else "long" if w else "int"

    def execs(self, frm):
        n = 1
        for _, _, t in self.loops[frm:]:
            n *= max(t, 1)
        return n


class Validator:
    def __init__(self, f, exclude=(), floor=None):
        self.f = f
        self.exclude = set(exclude)
        if floor is None:
            floor = 0 if getattr(f, "zero_sizes", None) == "clean" else 1
        self.floor = floor
        self.oob_seen = None   # a list: subscripts out of bounds noted, not raised
        self.sizes = set(f.sizes())
        self.sparams = set(f.scalar_params())
        self.drift = {}

    def run(self):
        with size_floor(self.floor):
            self._run()

    def _run(self):
        f = self.f
        top_unsigned = set()
        for n, t in getattr(f, "size_types", {}).items():
            if n not in self.sizes or t not in INDEX_TYPES:
                raise Invalid("size %s of type %s" % (n, t))
            if t in UNSIGNED:
                top_unsigned.add(n)
        ctx = VCtx()
        ctx.unsigned = top_unsigned
        ctx.wide = {n for n, t in getattr(f, "size_types", {}).items()
                    if t in ("long", "size_t")}
        names = set()
        for p in f.params:
            n = p[1] if p[0] != "array" else p[1].name
            if n in names:
                raise Invalid("duplicate parameter %s" % n)
            names.add(n)
            if p[0] == "array":
                for d in p[1].dims:
                    if not d.names() <= self.sizes or not nonneg(d - self.floor):
                        raise Invalid("bad extent of %s" % n)
                ctx.arrays[n] = p[1]
                ctx.readable.add(n)
        self.items(f.decls, ctx)
        self.items(f.body, ctx)
        if getattr(f, "ret", None):
            if f.ret not in ctx.scope or ctx.scope[f.ret] != 0:
                raise Invalid("returns %s, not a function-scope scalar" % f.ret)
            self.expr(("name", f.ret), ctx)   # written by then

    # -- bounds ----------------------------------------------------------------

    def lin_ok(self, lin, ctx):
        envs = ctx.envs()
        for n in lin.names():
            if n not in envs and n not in self.sizes:
                raise Invalid("unknown name %s in %s" % (n, lin.c_str()))

    def lo_of(self, b, ctx):
        """A constant lower bound of a bound's value."""
        vals = []
        for p in b.parts:
            self.lin_ok(p, ctx)
            lo, _ = _range(p, ctx.envs())
            vals.append(min_over_params(lo))
        return max(vals) if b.kind == "max" else min(vals)

    def hi_of(self, b, ctx):
        """An affine upper bound (in the sizes) of a bound's value."""
        his = []
        for p in b.parts:
            self.lin_ok(p, ctx)
            _, hi = _range(p, ctx.envs())
            his.append((bool(p.names() - self.sizes), hi))
        if b.kind in ("min", "and"):
            # as the generator does: a part without loop variables first
            return min(his, key=lambda x: (x[0], max_over_params(x[1])))[1]
        his = [h for _, h in his]
        if b.kind == "max":
            if len(his) > 1:
                raise Invalid("MAX as an upper bound")
        return his[0]

    def envelope(self, loop, ctx):
        if loop.step == 0:
            raise Invalid("step 0")
        if loop.step > 0:
            if loop.cmp not in ("<", "<="):
                raise Invalid("forward loop with %s" % loop.cmp)
            lo = self.lo_of(loop.start, ctx)
            hi = self.hi_of(loop.limit, ctx) - (1 if loop.cmp == "<" else 0)
            params_only = all(not (p.names() - self.sizes)
                              for b in (loop.start, loop.limit) for p in b.parts)
            nonempty = (params_only and loop.start.kind == "lin" and
                        loop.limit.kind == "lin" and
                        nonneg(loop.limit.parts[0] - (1 if loop.cmp == "<" else 0)
                               - loop.start.parts[0]))
        else:
            if loop.cmp not in (">", ">="):
                raise Invalid("backward loop with %s" % loop.cmp)
            if loop.start.kind != "lin" or loop.limit.kind not in ("lin", "max"):
                raise Invalid("backward loop bounds")
            hi = self.hi_of(loop.start, ctx)
            lo = self.lo_of(loop.limit, ctx) + (1 if loop.cmp == ">" else 0)
            params_only = all(not (p.names() - self.sizes)
                              for b in (loop.start, loop.limit) for p in b.parts)
            nonempty = (params_only and loop.limit.kind == "lin" and
                        nonneg(loop.start.parts[0] - loop.limit.parts[0] -
                               (1 if loop.cmp == ">" else 0)))
        env = Envelope(lo, hi)
        trips = max(0, (max_over_params(hi) - lo) // abs(loop.step) + 1)
        return env, trips, nonempty

    # -- items -----------------------------------------------------------------

    def items(self, items, ctx):
        """Validates a list of items in ctx (updated in place); returns the
        scalars declared outside ctx's innermost loop that one execution
        definitely writes."""
        written = set()
        for k, it in enumerate(items):
            if isinstance(it, Stmt) and it.kind == "continue":
                # what it skips writes only parameter arrays: no scalar or
                # local array is left unwritten for a later read
                for later in items[k + 1:]:
                    if isinstance(later, Loop) or later.kind not in (
                            "assign", "incdec") or later.lhs[0] != "aref" or \
                            not later.lhs[1].is_param:
                        raise Invalid("a continue skips more than writes of "
                                      "parameter arrays")
            if isinstance(it, Loop):
                w = self.loop(it, ctx)
                ctx.init |= w
                written |= w
                init_arr = full_init(it)
                if init_arr and init_arr in ctx.arrays:
                    ctx.readable.add(init_arr)
            else:
                w = self.stmt(it, ctx)
                if w:
                    ctx.init.add(w)
                    if ctx.scope.get(w, 0) < len(ctx.loops):
                        written.add(w)
        return written

    def loop(self, loop, ctx):
        if loop.var in ctx.envs() or loop.var in ctx.scope or loop.var in ctx.arrays \
                or loop.var in self.sizes or loop.var in self.sparams:
            raise Invalid("loop variable %s shadows a name" % loop.var)
        env, trips, nonempty = self.envelope(loop, ctx)
        ctype = getattr(loop, "ctype", "int")
        if ctype not in INDEX_TYPES:
            raise Invalid("loop variable of type %s" % ctype)
        parts = [p for b in (loop.start, loop.limit) for p in b.parts]
        if ctype in UNSIGNED or any(p.names() & ctx.unsigned for p in parts):
            # no wrap: every part that mentions an unsigned name is
            # nonnegative; the variable is nonnegative wherever it is
            # compared in an unsigned type (a forward loop from a
            # nonnegative start), or the loop is a backward one over a
            # signed variable whose limit mentions no unsigned name
            envs = ctx.envs()
            if loop.step < 0:
                if ctype in UNSIGNED:
                    raise Invalid("backward loop over an unsigned variable")
                if any(p.names() & ctx.unsigned for p in loop.limit.parts):
                    raise Invalid("backward loop down to an unsigned bound")
                check = [p for p in parts if p.names() & ctx.unsigned]
            else:
                check = [p for p in parts if p.names() & ctx.unsigned or
                         p in loop.start.parts or ctype in UNSIGNED]
            for p in check:
                # for every size from 0, as looptile checks (a size may be 0)
                with size_floor(0):
                    neg = not nonneg(_range(p, envs)[0])
                if neg:
                    raise Invalid("bound %s of an unsigned loop may be negative"
                                  % p.c_str())
        if ctx.execs(0) * max(trips, 1) > 10 ** 7:
            raise Invalid("too many iterations")
        c = ctx.child()
        c.loops.append((loop.var, env, trips))
        if ctype in UNSIGNED:
            c.unsigned.add(loop.var)
        if ctype in ("long", "size_t"):
            c.wide.add(loop.var)
        # at floor 0, the body runs only for sizes where the envelope is not
        # empty: lo <= c*N + d gives N >= (lo - d) / c
        old = dict(S_FLOORS)
        if self.floor == 0 and len(env.hi.terms) == 1:
            (n, coef), = env.hi.terms.items()
            if coef > 0 and n in self.sizes:
                need = -((env.lo - env.hi.const) // -coef)
                if need > S_FLOORS.get(n, 0):
                    S_FLOORS[n] = need
        try:
            w = self.items(loop.body, c)
        finally:
            S_FLOORS.clear()
            S_FLOORS.update(old)
        return w if nonempty else set()

    def cond(self, c, ctx):
        """A condition: its operands obey the expression rules."""
        if c[0] != "cmp" or c[1] not in ("<", "<=", ">", ">=", "==", "!="):
            raise Invalid("bad condition %r" % (c,))
        self.expr(c[2], ctx)
        self.expr(c[3], ctx)

    def stmt(self, s, ctx):
        """Validates a statement; returns the scalar it definitely writes."""
        depth = len(ctx.loops)
        if getattr(s, "guard", None) is not None:
            # only array writes are guarded: no scalar's definite write
            if s.kind != "continue" and (s.kind not in ("assign", "incdec")
                                         or s.lhs[0] != "aref"):
                raise Invalid("a guarded %s" % s.kind)
            self.cond(s.guard, ctx)
        if s.kind == "continue":
            if getattr(s, "guard", None) is None or not ctx.loops:
                raise Invalid("a continue outside a loop or not under an if")
            return None
        if s.kind == "decl":
            if s.name in ctx.scope or s.name in ctx.arrays or s.name in ctx.envs():
                raise Invalid("redeclared %s" % s.name)
            if s.rhs is not None:
                if self.expr(s.rhs, ctx) > ASSIGN_CAP:
                    raise Invalid("initializer too large")
            ctx.scope[s.name] = depth
            return s.name if s.rhs is not None else None
        if s.kind == "arrdecl":
            a = s.array
            if a.name in ctx.arrays or a.name in ctx.scope:
                raise Invalid("redeclared %s" % a.name)
            for d in a.dims:
                if not d.names() <= self.sizes or not nonneg(d - 1):
                    raise Invalid("bad extent of %s" % a.name)
            ctx.arrays[a.name] = a
            ctx.adepth[a.name] = depth
            return None
        lhs = s.lhs
        if lhs[0] == "aref":
            arr = ctx.arrays.get(lhs[1].name)
            if arr is None or arr.readonly:
                raise Invalid("write of %s" % lhs[1].name)
            self.subs(lhs, ctx)
            var = arr.name
            readable = var in ctx.readable
            ddepth = ctx.adepth.get(var, 0)
        else:
            var = lhs[1]
            if var not in ctx.scope:
                raise Invalid("write of %s" % var)
            readable = var in ctx.init
            ddepth = ctx.scope[var]
        if s.kind == "incdec":
            if not readable:
                raise Invalid("%s of an uninitialized %s" % (s.op, var))
            self.add_drift(var, ctx.execs(ddepth))
            return None
        if s.op != "=" and not readable:
            raise Invalid("%s on an uninitialized %s" % (s.op, var))
        upd = update_op(s)
        if upd:
            # n = n + e is n += e (n = n * e is n *= e): the other operand
            # obeys the rules of the compound assignment
            if not readable:
                raise Invalid("update of an uninitialized %s" % var)
            self.expr(s.rhs, ctx)   # the shape rules; the magnitude is below
            r = unparen(s.rhs)
            if upd in ("TR_MAX", "TR_MIN"):
                # n = (e > n ? e : n): n stays within its own and e's
                # magnitudes; e obeys the rule of an '='
                term = r[2] if same_expr(unparen(r[3]), lhs) else r[3]
                if self.expr(term, ctx) > ASSIGN_CAP:
                    raise Invalid("'=' of a value that may exceed %d" % ASSIGN_CAP)
                return None
            other = r[3] if same_expr(unparen(r[2]), lhs) else r[2]
            if upd == "TR_MUL":
                if self.expr(other, ctx) > 1:
                    raise Invalid("'*' update by more than 1")
                return None
            self.add_drift(var, ctx.execs(ddepth) * self.expr(other, ctx))
            return None
        if s.op == "=":
            if self.expr(s.rhs, ctx) > ASSIGN_CAP:
                raise Invalid("'=' of a value that may exceed %d" % ASSIGN_CAP)
            return var if lhs[0] == "name" else None
        if s.op == "*=":
            if self.expr(s.rhs, ctx) > 1:
                raise Invalid("'*=' by more than 1")
            return None
        if s.op == "/=":
            self.divisor(s.rhs, ctx)
            return None
        if s.op in ("+=", "-="):
            self.add_drift(var, ctx.execs(ddepth) * self.expr(s.rhs, ctx))
            return None
        raise Invalid("operator %s" % s.op)

    def add_drift(self, var, n):
        self.drift[var] = self.drift.get(var, 0) + n
        if self.drift[var] > DRIFT_CAP:
            raise Invalid("updates of %s may overflow" % var)

    def subs(self, e, ctx):
        arr = ctx.arrays.get(e[1].name)
        if arr is None or arr is not e[1] and arr.dims != e[1].dims:
            raise Invalid("unknown array %s" % e[1].name)
        if len(e[2]) != len(arr.dims):
            raise Invalid("rank of %s" % arr.name)
        envs = ctx.envs()
        for d, sub in enumerate(e[2]):
            self.lin_ok(sub, ctx)
            if arr.kind == "ptr" and sub.names() & ctx.unsigned:
                raise Invalid("unsigned loop variable in a subscript of %s" % arr.name)
            if not in_bounds(sub, arr.dims[d], envs):
                if self.oob_seen is not None:
                    self.oob_seen.append("%s subscript %s" % (arr.name, sub.c_str()))
                    continue
                raise Invalid("%s subscript %s out of bounds" % (arr.name, sub.c_str()))
            if arr.kind != "ptr":
                self.c_sum(self.lin_steps(sub, ctx), envs, arr.name)
        if arr.kind == "ptr":
            self.ptr_index(arr, e[2], ctx, envs)

    def lin_steps(self, lin, ctx):
        """The terms of lin as Lin.c_str prints them (names sorted, the
        constant last), each with its C type."""
        steps = [(Lin({n: lin.terms[n]}), ctx.ctype(n))
                 for n in sorted(lin.terms) if lin.terms[n]]
        if lin.const or not steps:
            steps.append((Lin.c(lin.const), "int"))
        return steps

    def c_sum(self, steps, envs, what):
        """The C type of a sum of steps (affine forms, each with its C type)
        added left to right; raises Invalid where a 32-bit unsigned partial
        sum may be negative and is then widened to 64 bits, or the sum may
        end negative in an unsigned type (either is off by 2^32 or more)."""
        acc, ty = Lin.c(0), None
        for lin, t in steps:
            nt = t if ty is None else max(ty, t, key=RANK.index)
            if ty == "unsigned" and nt != ty and not nonneg(_range(acc, envs)[0]):
                raise Invalid("a subscript of %s widens the negative unsigned "
                              "partial sum %s" % (what, acc.c_str()))
            acc, ty = acc + lin, nt
        if ty in UNSIGNED and not nonneg(_range(acc, envs)[0]):
            raise Invalid("a subscript of %s may be negative in type %s: %s"
                          % (what, ty, acc.c_str()))
        return ty

    def ptr_index(self, arr, subs, ctx, envs):
        """The row-major index of a pointer parameter's access as
        ast.linearize and aref_str print it, evaluated as C does: each
        product ((prefix)*(extent)) is nonnegative (0 stands for its least
        value) in the type of its factors."""
        ty = self.c_sum(self.lin_steps(subs[0], ctx), envs, arr.name)
        for d in range(1, len(subs)):
            ety = self.c_sum(self.lin_steps(arr.dims[d], ctx), envs, arr.name)
            prod = max(ty, ety, key=RANK.index)
            ty = self.c_sum([(Lin.c(0), prod)] + self.lin_steps(subs[d], ctx),
                            envs, arr.name)
        if ptr_spelling(arr, subs) == 2 and ty in UNSIGNED:
            # (A + 1)[(e) - 1]: e - 1 is -1 at e = 0 unless e >= 1
            lo = Lin.c(0) if len(subs) > 1 else _range(subs[0], envs)[0]
            if not nonneg(lo - 1):
                raise Invalid("(%s + 1)[(e) - 1] with e of type %s may be "
                              "negative" % (arr.name, ty))

    def arm(self, e, ctx, narrowed):
        """An arm of a '?:': valid with the loop variables' envelopes, or
        with the one its condition narrows (each is sound on its own; an
        affine bound cannot express their intersection)."""
        if narrowed is ctx:
            return self.expr(e, ctx)
        seen, self.oob_seen = self.oob_seen, None
        try:
            return self.expr(e, ctx)
        except Invalid:
            pass
        finally:
            self.oob_seen = seen
        return self.expr(e, narrowed)

    def divisor(self, e, ctx):
        """(min, max) of a positive divisor, or Invalid."""
        if e[0] == "const":
            if e[1] <= 0:
                raise Invalid("divisor %d" % e[1])
            return e[1], e[1]
        if e[0] == "paren":
            return self.divisor(e[1], ctx)
        if (e[0] == "bin" and e[1] == "+" and e[3][0] == "const" and
                e[2][0] == "bin" and e[2][1] == "%" and e[2][3][0] == "const" and
                e[2][3][1] > 0):
            self.expr(e[2][2], ctx)
            k, c = e[2][3][1], e[3][1]
            if c - (k - 1) < 1:
                raise Invalid("divisor may be 0")
            return c - (k - 1), c + k - 1
        raise Invalid("divisor not provably positive")

    def expr(self, e, ctx):
        """The bound on |e|; Invalid on any violated rule."""
        k = e[0]
        if k == "const":
            return abs(e[1])
        if k == "name":
            n = e[1]
            envs = ctx.envs()
            if n in envs:
                if n in ctx.unsigned:
                    raise Invalid("unsigned loop variable %s in a value" % n)
                env = envs[n]
                return max(abs(env.lo), abs(max_over_params(env.hi)),
                           abs(min_over_params(env.hi)))
            if n in self.sizes:
                if n in ctx.unsigned:
                    raise Invalid("unsigned size %s in a value" % n)
                return S_MAX
            if n in self.sparams:
                return SCALAR_PARAM_MAG
            if n in self.f.macros:
                return abs(self.f.macros[n])
            if n in ctx.scope:
                if n not in ctx.init:
                    raise Invalid("read of %s before it is written" % n)
                return VCAP
            raise Invalid("unknown name %s" % n)
        if k == "gather":
            # arr[.. P[..] ..]: a read-only array through a read-only index
            # array whose values the drivers draw inside arr's extent d
            _, arr, subs, d, idx = e
            if not arr.readonly or arr.kind == "ptr":
                raise Invalid("a gather from %s, which is not a read-only "
                              "array parameter" % arr.name)
            if idx[0] != "aref" or getattr(idx[1], "index_of", None) != (arr, d) \
                    or not idx[1].readonly:
                raise Invalid("a gather from %s through %s, which is not its "
                              "index array" % (arr.name, expr_str(idx)))
            if not never_empty(arr.dims[d]):
                raise Invalid("a gather from %s along an extent that may be "
                              "empty" % arr.name)
            self.expr(idx, ctx)
            rest = [s_ if i != d else Lin.c(0) for i, s_ in enumerate(subs)]
            self.subs(("aref", arr, rest), ctx)
            return IN_MAG
        if k == "aref":
            self.subs(e, ctx)
            if e[1].name not in ctx.readable:
                raise Invalid("read of %s before it is initialized" % e[1].name)
            return IN_MAG if ctx.arrays[e[1].name].readonly else VCAP
        if k == "neg" and "double-neg" in self.exclude and (
                unparen(e[1])[0] == "neg" or
                (unparen(e[1])[0] == "const" and unparen(e[1])[1] < 0)):
            raise Invalid("a negation of a negation (feature double-neg)")
        if k in ("paren", "neg"):
            return self.expr(e[1], ctx)
        if k == "mcall":
            from .ast import FUNC_MACROS
            if e[1] not in getattr(self.f, "func_macros", ()):
                raise Invalid("macro %s is not defined" % e[1])
            if e[1] == "IDX" and e[2][0] == "name" and e[2][1] in ctx.unsigned:
                # ((int)(n)) of an unsigned size or loop variable: its value
                n = e[2][1]
                envs = ctx.envs()
                if n in envs:
                    env = envs[n]
                    return max(abs(env.lo), abs(max_over_params(env.hi)))
                return S_MAX
            m = self.expr(e[2], ctx) * FUNC_MACROS[e[1]][1]
            if m > EXPR_CAP:
                raise Invalid("%s may overflow" % e[1])
            return m
        if k == "fclass":
            # exact: a float of an int value, scaled by 1 or 1e38f (inf
            # where |a| >= 4), classified
            if e[1] not in ("isnan", "isinf", "isfinite", "isnormal") or \
                    e[3] not in ("1.0f", "1e38f"):
                raise Invalid("classification %s of a scale %s" % (e[1], e[3]))
            self.expr(e[2], ctx)
            return 1
        if k == "fcast":
            from .ast import FLOAT_MACROS
            m = self.expr(e[1], ctx)
            if e[2] in FLOAT_MACROS and e[2] not in getattr(self.f, "float_macros", ()):
                raise Invalid("macro %s is not defined" % e[2])
            fac = FLOAT_MACROS.get(e[2], e[2])
            if m > (VCAP // 2 if fac == "2.0f" else VCAP) or \
                    fac not in ("0.5f", "0.25f", "2.0f"):
                raise Invalid("float cast of a value that may be inexact")
            return m * 2 + 1 if e[2] == "2.0f" else m + 1
        if k == "sel":
            self.cond(e[1], ctx)
            yes, no = arm_contexts(e[1], ctx)
            return max(self.arm(e[2], ctx, yes), self.arm(e[3], ctx, no))
        op = e[1]
        if "assoc" in self.exclude and expr_prec(unparen(e[3])) == PREC[op]:
            raise Invalid("a right operand at the precedence of '%s' (feature assoc)" % op)
        ma = self.expr(e[2], ctx)
        if op in ("/", "%"):
            dmin, dmax = self.divisor(e[3], ctx)
            return ma if op == "/" else min(ma, dmax - 1)
        mb = self.expr(e[3], ctx)
        m = ma * mb if op == "*" else ma + mb
        if m > EXPR_CAP:
            raise Invalid("%s may overflow" % op)
        return m


def expr_lin(e):
    """An expression of names and constants as a Lin (+, -, unary minus,
    constant factors), or None."""
    k = e[0]
    if k == "const":
        return Lin.c(e[1])
    if k == "name":
        return Lin.var(e[1])
    if k == "paren" or (k == "mcall" and e[1] == "IDX"):
        return expr_lin(e[-1])
    if k == "neg":
        a = expr_lin(e[1])
        return a.scale(-1) if a is not None else None
    if k == "bin" and e[1] in "+-*":
        a, b = expr_lin(e[2]), expr_lin(e[3])
        if a is None or b is None:
            return None
        if e[1] == "+":
            return a + b
        if e[1] == "-":
            return a - b
        if a.is_const():
            return b.scale(a.const)
        if b.is_const():
            return a.scale(b.const)
    return None


FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
NEG = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}


def arm_contexts(c, ctx):
    """(ctx of the true arm, ctx of the false arm) of a '?:' on condition c:
    where c compares a loop variable v with an affine form L of the sizes
    (v < L, L > v, ...), v's envelope narrowed on each side (an upper bound
    L - 1 or L, a lower bound only where L is a constant). Each narrowed
    envelope is sound: v lies in the original and satisfies the side's
    comparison, so either bound holds."""
    envs = ctx.envs()
    a, b = expr_lin(c[2]), expr_lin(c[3])
    op = c[1]
    if a is None or b is None:
        return ctx, ctx
    if len(a.terms) == 1 and list(a.terms.values()) == [1] and \
            list(a.terms)[0] in envs and not (b.names() - set(
                n for n in b.names() if n not in envs)):
        v, L = list(a.terms)[0], b
    elif len(b.terms) == 1 and list(b.terms.values()) == [1] and \
            list(b.terms)[0] in envs and not (a.names() & set(envs)):
        v, L, op = list(b.terms)[0], a, FLIP[op]
    else:
        return ctx, ctx
    if L.names() & set(envs):
        return ctx, ctx

    def narrow(op):
        env = envs[v]
        if op == "<":
            env = Envelope(env.lo, L - 1)
        elif op == "<=":
            env = Envelope(env.lo, L)
        elif op == ">" and L.is_const():
            env = Envelope(max(env.lo, L.const + 1), env.hi)
        elif op == ">=" and L.is_const():
            env = Envelope(max(env.lo, L.const), env.hi)
        elif op == "==" and L.is_const():
            env = Envelope(L.const, Lin.c(L.const))
        else:
            return ctx
        c2 = ctx.child()
        c2.loops = [(x, env if x == v else e, t) for x, e, t in ctx.loops]
        return c2
    return narrow(op), narrow(NEG[op])


def _range(lin, envs):
    from .lin import range_of
    return range_of(lin, envs)


def full_init(loop):
    """The name of the local array a nest writes every element of:
    for (v0 = 0; v0 < E0; v0++) ... T[v0]...[vk] = e; with E the extents."""
    chain = [loop]
    while len(chain[-1].body) == 1 and isinstance(chain[-1].body[0], Loop):
        chain.append(chain[-1].body[0])
    body = chain[-1].body
    if len(body) != 1 or not isinstance(body[0], Stmt):
        return None
    s = body[0]
    if s.kind != "assign" or s.op != "=" or s.lhs[0] != "aref":
        return None
    arr = s.lhs[1]
    if arr.kind not in ("local", "looplocal") or len(arr.dims) != len(chain):
        return None
    for l, d, sub in zip(chain, arr.dims, s.lhs[2]):
        if not (l.step == 1 and l.cmp == "<" and l.start.kind == "lin" and
                l.start.parts[0] == Lin.c(0) and l.limit.kind == "lin" and
                l.limit.parts[0] == d and sub == Lin.var(l.var)):
            return None
    return arr.name


def zero_class(f):
    """Feature zero-sizes: 'clean' where every rule holds for sizes in
    [0, S_MAX], 'oob' where the only broken rule is a subscript that may be
    out of bounds at some size 0 (then the runtime's size check should
    refuse those sizes), else None."""
    v = Validator(f, (), 0)
    v.oob_seen = []
    try:
        v.run()
    except Invalid:
        return None
    return "oob" if v.oob_seen else "clean"


def validate(f, exclude=(), floor=None):
    """None, or the first rule f breaks. exclude: the generator's excluded
    feature classes whose shapes f must not contain (assoc, double-neg).
    floor: the smallest size (default: 0 for a program of the zero-sizes
    class, else 1)."""
    try:
        Validator(f, exclude, floor).run()
    except Invalid as e:
        return str(e)
    return None
