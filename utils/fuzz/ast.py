"""The generated programs' syntax tree and its two printers: plain C (what
looptile reads) and the instrumented C of the trace oracle (utils/fuzz).

Expressions are tuples:
  ('const', v)                 an int literal
  ('name', n)                  a size or scalar parameter, loop variable,
                               local scalar or macro
  ('aref', array, [Lin, ...])  an element read
  ('bin', op, a, b)            op in + - * / %
  ('neg', a)
  ('fclass', fn, a, scale)     fn((float)(a) * scale): math.h's isnan, isinf,
                               isfinite or isnormal, an int 0 or 1 (isinf's
                               -1 at -inf)
  ('fcast', a, factor)         (int)((float)(a) * factor), factor a power of
                               two written as a float literal ("0.5f")
  ('paren', a)                 redundant parentheses as written
  ('mcall', name, a)           a function-like macro of FUNC_MACROS applied
                               to a
  ('sel', cond, a, b)          (cond ? a : b), parenthesized
A condition (of a 'sel' or of a guarded statement's `if`) is
  ('cmp', op, a, b)            a op b, op in < <= > >= == !=
"""

import zlib

# Function-like macros the generator may use: name -> (definition, factor on
# the magnitude of the argument).
FUNC_MACROS = {
    "TWICE": ("#define TWICE(x) ((x) * 2)", 2),
    "NEG": ("#define NEG(x) (-(x))", 1),
    "HALF": ("#define HALF(x) ((x) / 2)", 1),
    # an unsigned size or loop variable read as a value (index-types)
    "IDX": ("#define IDX(x) ((int)(x))", 1),
}
# Helper functions (feature helpers), called like the macros above and
# inlined by looptile: name -> (definition, factor on the magnitude of the
# argument). Each has locals of its own and one return at its end;
# helper_habs assigns a local under a condition on data.
HELPERS = {
    "helper_twice": ("static int helper_twice(int x) {\n  int t = x * 2;\n"
                     "  return t;\n}", 2),
    "helper_habs": ("static inline int helper_habs(int x) {\n"
                    "  int h = x / 2;\n  if (h < 0)\n    h = -h;\n"
                    "  return h;\n}", 1),
}
FUNC_MACROS.update(HELPERS)
# Floating-point object-like macros, usable as the factor of an 'fcast'.
FLOAT_MACROS = {"FHALF": "0.5f", "FQUARTER": "0.25f"}

PREC = {"+": 70, "-": 70, "*": 80, "/": 80, "%": 80}


class Array:
    """kind: 'vla' | 'const' | 'ptr' (parameters), 'local' (function scope),
    'looplocal' (declared in a loop body)."""

    def __init__(self, name, dims, kind, readonly=False, restrict=True):
        self.name = name
        self.dims = dims          # [Lin] over size parameters
        self.kind = kind
        self.readonly = readonly
        self.restrict = restrict

    @property
    def is_param(self):
        return self.kind in ("vla", "const", "ptr")

    def decl(self):
        dims = "".join("[%s]" % d.c_str() for d in self.dims)
        if self.kind == "ptr":
            return "int *%s%s" % ("restrict " if self.restrict else "", self.name)
        q = "const " if self.readonly else ""
        return "%sint %s%s" % (q, self.name, dims)

    def clone(self):
        return Array(self.name, list(self.dims), self.kind, self.readonly,
                     self.restrict)


class Bound:
    """A loop bound: ('lin', Lin) or ('min'|'max'|'and', [Lin, Lin])."""

    def __init__(self, kind, parts):
        self.kind = kind
        self.parts = parts

    @staticmethod
    def lin(l):
        return Bound("lin", [l])

    def c_str(self, style=None):
        """style: None, or (subst, calls) of print_style()."""
        subst, calls = style or ({}, False)
        if self.kind == "lin":
            return self.parts[0].c_str(subst=subst)
        name = MINMAX_CALLS[self.kind] if calls else self.kind.upper()
        return "%s(%s, %s)" % (name, self.parts[0].c_str(subst=subst),
                               self.parts[1].c_str(subst=subst))

    def names(self):
        s = set()
        for p in self.parts:
            s |= p.names()
        return s


class Node:
    _next = [0]

    def __init__(self):
        Node._next[0] += 1
        self.uid = Node._next[0]
        self.line = None


class Loop(Node):
    """for (int var = start; var CMP limit; var += step) { body }.
    cmp is '<', '<=', '>', '>='; step a non-zero int. 'and' limits print as
    'var < a && var < b'. swap prints 'limit > var' instead of 'var < limit'."""

    def __init__(self, var, start, cmp, limit, step, body=None, swap=False):
        super().__init__()
        self.var = var
        self.start = start
        self.cmp = cmp
        self.limit = limit
        self.step = step
        self.body = body or []
        self.swap = swap
        # the loop variable's type (feature index-types): int, long,
        # unsigned or size_t
        self.ctype = "int"

    def header(self, style=None):
        """style: None, or (subst, calls) of print_style()."""
        v = self.var
        if self.limit.kind == "and":
            subst = style[0] if style else {}
            cond = " && ".join("%s %s %s" % (v, self.cmp, p.c_str(subst=subst))
                               for p in self.limit.parts)
        elif self.swap:
            flip = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[self.cmp]
            cond = "%s %s %s" % (self.limit.c_str(style), flip, v)
        else:
            cond = "%s %s %s" % (v, self.cmp, self.limit.c_str(style))
        if self.step == 1:
            inc = "%s++" % v
        elif self.step == -1:
            inc = "%s--" % v
        elif self.step > 0:
            inc = "%s += %d" % (v, self.step)
        else:
            inc = "%s -= %d" % (v, -self.step)
        return "for (%s %s = %s; %s; %s)" % (getattr(self, "ctype", "int"), v,
                                            self.start.c_str(style), cond, inc)


class Stmt(Node):
    """kind 'assign' (lhs, op in = += -= *= /=, rhs), 'incdec' (lhs, op ++ or
    --, prefix), 'decl' (scalar name, init expr or None), 'arrdecl'
    (array), 'continue' (always with a guard: `if (c) continue;`)."""

    def __init__(self, kind, lhs=None, op=None, rhs=None, prefix=False,
                 name=None, array=None):
        super().__init__()
        self.kind = kind
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.prefix = prefix
        self.name = name
        self.array = array
        # a condition: the statement is `if (guard) stmt;`
        self.guard = None


class Func:
    def __init__(self, name):
        self.name = name
        self.params = []       # ('size', n) | ('scalar', n) | ('array', Array)
        self.decls = []        # function-scope Stmt('decl'/'arrdecl')
        self.body = []         # Loop | Stmt at function scope
        self.macros = {}       # name -> int value
        self.func_macros = set()  # names of ast.FUNC_MACROS used
        self.float_macros = set()  # names of ast.FLOAT_MACROS used
        self.minmax = True     # print the MIN/MAX macro definitions
        self.ret = None        # a function-scope scalar returned at the end
        self.size_types = {}   # size parameter -> its type if not int (long)
        # feature zero-sizes: None, 'clean' (the rules hold for every size
        # in [0, S_MAX]: every oracle also runs at sizes 0) or 'oob' (an
        # access outside the loops is out of bounds at a size 0: the OpenCL
        # oracle expects the runtime to refuse those sizes)
        self.zero_sizes = None

    def arrays(self):
        out = [p[1] for p in self.params if p[0] == "array"]
        out += [d.array for d in self.decls if d.kind == "arrdecl"]
        return out

    def sizes(self):
        return [p[1] for p in self.params if p[0] == "size"]

    def scalar_params(self):
        return [p[1] for p in self.params if p[0] == "scalar"]


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------

def expr_prec(e):
    k = e[0]
    if k == "const":
        return 90 if e[1] < 0 else 100
    if k in ("name", "aref", "paren", "mcall", "sel", "gather", "fclass"):
        return 100
    if k in ("neg", "fcast"):
        return 90
    return PREC[e[1]]


def unparen(e):
    """e without the redundant parentheses written around it."""
    while e[0] == "paren":
        e = e[1]
    return e


def ptr_spelling(arr, subs):
    """How an access of a pointer parameter is spelled: 0 for A[e], 1 for
    *(A + (e)), 2 for (A + 1)[(e) - 1] (all of which looptile reads as
    A[e]), chosen by a stable hash of its text (no generator random number,
    so a seed's program keeps its structure)."""
    return zlib.crc32(("%s[%s]" % (arr.name, linearize(arr, subs))).encode()) % 3


# Feature computed-gathers: the const array parameter whose reads print
# their last subscript as (int)(float)(s) (set by print_c and print_traced
# from the function they print).
_PRINT = {"float_index": None}


def aref_str(arr, subs):
    if arr.name == _PRINT["float_index"] and arr.kind != "ptr" and arr.readonly:
        # the same value (subscripts are far below 2^24, exact in a float),
        # which looptile reads as a subscript computed from data: a gather
        return arr.name + "".join(
            "[(int)(float)(%s)]" % s.c_str() if k == len(subs) - 1
            else "[%s]" % s.c_str() for k, s in enumerate(subs))
    if arr.kind == "ptr":
        lin = linearize(arr, subs)
        # each access of a pointer parameter is spelled one of the ways C
        # programs index memory
        spelling = ptr_spelling(arr, subs)
        if spelling == 1:
            return "(*(%s + (%s)))" % (arr.name, lin)
        if spelling == 2:
            return "(%s + 1)[(%s) - 1]" % (arr.name, lin)
        return "%s[%s]" % (arr.name, lin)
    return arr.name + "".join("[%s]" % s.c_str() for s in subs)


def gather_str(e):
    """('gather', arr, subs, d, index): arr's element whose subscript d is
    the value read by the index expression (an element of an index array),
    the other subscripts subs'."""
    _, arr, subs, d, idx = e
    return arr.name + "".join("[%s]" % (expr_str(idx) if i == d else s.c_str())
                              for i, s in enumerate(subs))


def linearize(arr, subs):
    """Row-major linearized subscript text: ((s0)*(E1) + s1)*(E2) + s2."""
    def wrap(txt, lin):
        simple = lin.is_const() or (len(lin.terms) == 1 and not lin.const and
                                    abs(next(iter(lin.terms.values()))) == 1
                                    and next(iter(lin.terms.values())) > 0)
        return txt if simple else "(%s)" % txt
    out = wrap(subs[0].c_str(), subs[0])
    for d in range(1, len(subs)):
        out = "%s*%s + %s" % (out if d == 1 else "(%s)" % out,
                              wrap(arr.dims[d].c_str(), arr.dims[d]),
                              subs[d].c_str())
    return out


def expr_str(e):
    k = e[0]
    if k == "const":
        return str(e[1])
    if k == "name":
        return e[1]
    if k == "aref":
        return aref_str(e[1], e[2])
    if k == "gather":
        return gather_str(e)
    if k == "paren":
        return "(%s)" % expr_str(e[1])
    if k == "neg":
        a = e[1]
        inner = expr_str(a)
        if expr_prec(a) < 90 or a[0] in ("neg",) or (a[0] == "const" and a[1] < 0):
            inner = "(%s)" % inner
        return "-" + inner
    if k == "fcast":
        return "(int)((float)(%s) * %s)" % (expr_str(e[1]), e[2])
    if k == "fclass":
        return "%s((float)(%s) * %s)" % (e[1], expr_str(e[2]), e[3])
    if k == "mcall":
        return "%s(%s)" % (e[1], expr_str(e[2]))
    if k == "sel":
        sub = sel_subscript_str(e)
        if sub is not None:
            return sub
        return "(%s ? %s : %s)" % (cond_str(e[1]), expr_str(e[2]),
                                   expr_str(e[3]))
    op, a, b = e[1], e[2], e[3]
    p = PREC[op]
    sa, sb = expr_str(a), expr_str(b)
    if expr_prec(a) < p:
        sa = "(%s)" % sa
    if expr_prec(b) <= p:
        sb = "(%s)" % sb
    return "%s %s %s" % (sa, op, sb)


def sel_subscript_str(e):
    """A '?:' of two reads of one array (not a pointer) that differ in one
    subscript, as one read at a conditional subscript (A[i][c ? x : y], the
    clamp to the edge looptile expands back into the two reads), for half
    of them, chosen by a stable hash of the text (no generator random
    number, so every seed keeps its program); None otherwise."""
    a, b = e[2], e[3]
    if a[0] != "aref" or b[0] != "aref" or a[1] is not b[1] or \
            a[1].kind == "ptr" or len(a[2]) != len(b[2]):
        return None
    diff = [i for i, (x, y) in enumerate(zip(a[2], b[2])) if x.key() != y.key()]
    if len(diff) != 1:
        return None
    c = cond_str(e[1])
    text = "%s ? %s : %s" % (c, aref_str(a[1], a[2]), aref_str(b[1], b[2]))
    if zlib.crc32(text.encode()) % 2:
        return None
    d = diff[0]
    subs = ["(%s ? %s : %s)" % (c, x.c_str(), y.c_str()) if i == d else x.c_str()
            for i, (x, y) in enumerate(zip(a[2], b[2]))]
    return a[1].name + "".join("[%s]" % t for t in subs)


def cond_str(c):
    return "%s %s %s" % (expr_str(c[2]), c[1], expr_str(c[3]))


def lhs_str(lhs):
    return expr_str(lhs)


def expr_reads(e, out, when=None):
    """Appends every ('aref'...) and ('name', scalar) leaf of e to out; with
    when (a list), appends (leaf, conditions) instead, the C conditions
    under which the leaf is read (the chosen arm of a '?:')."""
    k = e[0]
    if k in ("aref", "name"):
        out.append(e if when is None else (e, list(when)))
    elif k == "gather":
        # the index first, then the element it selects
        expr_reads(e[4], out, when)
        out.append(e if when is None else (e, list(when)))
    elif k in ("paren", "neg", "fcast"):
        expr_reads(e[1], out, when)
    elif k in ("mcall", "fclass"):
        expr_reads(e[2], out, when)
    elif k == "bin":
        expr_reads(e[2], out, when)
        expr_reads(e[3], out, when)
    elif k == "sel":
        c = e[1]
        expr_reads(c[2], out, when)
        expr_reads(c[3], out, when)
        c_txt = cond_str(c)
        expr_reads(e[2], out, None if when is None else when + [c_txt])
        expr_reads(e[3], out,
                   None if when is None else when + ["!(%s)" % c_txt])
    return out


def stmt_str(s):
    if s.kind == "assign":
        return "%s %s %s;" % (lhs_str(s.lhs), s.op, expr_str(s.rhs))
    if s.kind == "incdec":
        return ("%s%s;" % (s.op, lhs_str(s.lhs)) if s.prefix else
                "%s%s;" % (lhs_str(s.lhs), s.op))
    if s.kind == "decl":
        if s.rhs is None:
            return "int %s;" % s.name
        return "int %s = %s;" % (s.name, expr_str(s.rhs))
    if s.kind == "arrdecl":
        return s.array.decl() + ";"
    if s.kind == "continue":
        return "continue;"
    raise ValueError(s.kind)


# ---------------------------------------------------------------------------
# Plain C
# ---------------------------------------------------------------------------

MINMAX = ["#define MIN(a, b) ((a) < (b) ? (a) : (b))",
          "#define MAX(a, b) ((a) > (b) ? (a) : (b))"]


# Feature minmax-helpers: MIN and MAX bounds as calls to these.
MINMAX_CALLS = {"min": "fz_imin", "max": "fz_imax"}
MINMAX_HELPERS = [
    "static inline int fz_imin(int a, int b) { return a < b ? a : b; }",
    "static inline int fz_imax(int a, int b) { return b < a ? a : b; }"]


def print_style(f):
    """How loop bounds print: (subst, calls). subst maps a size N of feature
    derived-sizes to '(c*q + r)', with q = N / c and r = N % c declared
    first (derived_lines); calls: MIN/MAX bounds as helper calls."""
    subst = {n: "(%d*%s + %s)" % (c, q, r)
             for n, q, r, c in getattr(f, "derived", ())}
    return subst, bool(getattr(f, "minmax_calls", False))


def derived_lines(f):
    """The declarations of the derived sizes (feature derived-sizes)."""
    types = getattr(f, "size_types", {})
    out = []
    for n, q, r, c in getattr(f, "derived", ()):
        t = types.get(n, "int")
        out.append("%s %s = %s / %d;" % (t, q, n, c))
        out.append("%s %s = %s %% %d;" % (t, r, n, c))
    return out


def macro_lines(f):
    """The #defines of f's object-like and function-like macros (and the
    min and max helpers of feature minmax-helpers)."""
    out = ["#define %s %d" % (n, v) for n, v in sorted(f.macros.items())]
    if getattr(f, "minmax_calls", False):
        out += MINMAX_HELPERS
    out += [FUNC_MACROS[n][0] for n in sorted(getattr(f, "func_macros", ()))]
    out += ["#define %s %s" % (n, FLOAT_MACROS[n])
            for n in sorted(getattr(f, "float_macros", ()))]
    return out


def params_str(f):
    out = []
    for p in f.params:
        if p[0] in ("size", "scalar"):
            out.append("%s %s" % (getattr(f, "size_types", {}).get(p[1], "int"), p[1]))
        else:
            out.append(p[1].decl())
    return ", ".join(out)


def _loops(items):
    for it in items:
        if isinstance(it, Loop):
            yield it
            for x in _loops(it.body):
                yield x


def uses_fclass(f):
    """Whether a value of f calls a classification macro (math.h)."""
    found = []

    def ex(e):
        if e[0] == "fclass":
            found.append(e)
        for x in e[1:]:
            if isinstance(x, tuple) and x and isinstance(x[0], str):
                ex(x)

    def items(its):
        for it in its:
            if isinstance(it, Loop):
                items(it.body)
                continue
            for e in (getattr(it, "rhs", None), getattr(it, "guard", None),
                      getattr(it, "lhs", None)):
                if e is not None:
                    ex(e)
    items(f.decls)
    items(f.body)
    return bool(found)


def print_c(f):
    """The program as C; sets .line on every loop and statement."""
    _PRINT["float_index"] = getattr(f, "float_index", None)
    lines = []
    if any(getattr(l, "ctype", "int") == "size_t" for l in _loops(f.body)) or \
            "size_t" in getattr(f, "size_types", {}).values():
        lines.append("#include <stddef.h>")
    if uses_fclass(f):
        lines.append("#include <math.h>")
    if f.minmax:
        lines += MINMAX
    # one entry per line (a helper's definition spans several): the
    # statements' .line are counted from this list
    lines += "\n".join(macro_lines(f)).split("\n") if macro_lines(f) else []
    lines.append("%s %s(%s) {" % ("int" if getattr(f, "ret", None) else "void",
                                  f.name, params_str(f)))
    if getattr(f, "early", None):
        lines.append("  if (%s) return %d;" % f.early)
    lines += ["  " + d for d in derived_lines(f)]
    for d in f.decls:
        lines.append("  " + stmt_str(d))
        d.line = len(lines)
    style = print_style(f)

    def emit(items, ind):
        for it in items:
            if isinstance(it, Loop):
                lines.append("  " * ind + it.header(style) + " {")
                it.line = len(lines)
                emit(it.body, ind + 1)
                lines.append("  " * ind + "}")
            else:
                guard = "if (%s) " % cond_str(it.guard) if it.guard else ""
                lines.append("  " * ind + guard + stmt_str(it))
                it.line = len(lines)
    emit(f.body, 1)
    if getattr(f, "ret", None):
        lines.append("  return %s;" % f.ret)
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# The instrumented C of the trace oracle
# ---------------------------------------------------------------------------

def same_expr(a, b):
    """a and b are the same leaf (variable, or element at equal subscripts)."""
    if a[0] != b[0]:
        return False
    if a[0] == "name":
        return a[1] == b[1]
    if a[0] == "aref":
        return a[1].name == b[1].name and [x.key() for x in a[2]] == \
            [x.key() for x in b[2]]
    if a[0] == "gather":
        return expr_str(a) == expr_str(b)
    return False


def same_leaf(leaves, target):
    return next(l for l in leaves if same_expr(l, target))


def update_op(s):
    """'TR_ADD' or 'TR_MUL' when the assignment x = RHS is an update of x by
    one associative operator: x = x + e, x = e + x, x = x - e, x = x * e,
    x = e * x, with e not reading x's variable; 'TR_MAX' or 'TR_MIN' for
    x = (e > x ? e : x) and the other comparisons and arm orders (int data:
    every form is an extremum); else None."""
    if s.op != "=":
        return None
    r = unparen(s.rhs)
    var = s.lhs[1] if s.lhs[0] == "name" else s.lhs[1].name

    def reads_var(e):
        return any((l[1] if l[0] == "name" else l[1].name) == var
                   for l in expr_reads(e, []))
    if r[0] == "sel" and r[1][0] == "cmp" and r[1][1] in ("<", "<=", ">", ">="):
        _, cond, x, y = r
        x, y = unparen(x), unparen(y)
        if same_expr(y, s.lhs) and not reads_var(x):
            term, when_true = x, True
        elif same_expr(x, s.lhs) and not reads_var(y):
            term, when_true = y, False
        else:
            return None
        a, b = unparen(cond[2]), unparen(cond[3])
        # the term as written twice (looptile compares the printed trees)
        same_term = lambda e: expr_str(e) == expr_str(term)
        term_left = same_term(a) and same_expr(b, s.lhs)
        term_right = same_expr(a, s.lhs) and same_term(b)
        if not term_left and not term_right:
            return None
        greater = term_left if cond[1] in (">", ">=") else term_right
        return "TR_MAX" if greater == when_true else "TR_MIN"
    if r[0] != "bin" or r[1] not in ("+", "-", "*"):
        return None
    a, b = unparen(r[2]), unparen(r[3])
    kind = "TR_MUL" if r[1] == "*" else "TR_ADD"
    if same_expr(a, s.lhs) and not reads_var(r[3]):
        return kind
    if r[1] != "-" and same_expr(b, s.lhs) and not reads_var(r[2]):
        return kind
    return None


def _addr(leaf):
    if leaf[0] == "name":
        return "&%s" % leaf[1]
    if leaf[0] == "gather":
        return "&%s" % gather_str(leaf)
    return "&%s" % aref_str(leaf[1], leaf[2])


def print_traced(f, fname, scalars):
    """The same function, named fname, with every access of an array element
    or a local scalar recorded (trace.h). scalars: the names of local scalars
    (reads of parameters, loop variables and macros are not recorded).
    Loop and statement ids are the nodes' uids. Returns (text, ids) where
    ids maps the variable ids the trace reports to variable names."""
    ids = {}
    _PRINT["float_index"] = getattr(f, "float_index", None)

    def vid(leaf):
        name = leaf[1] if leaf[0] == "name" else leaf[1].name
        if name not in ids:
            ids[name] = len(ids)
        return ids[name]

    lines = ["void %s(%s) {" % (fname, params_str(f)), "  tr_begin();"]
    style = print_style(f)

    def acc(addr_leaf, s, depth, kind):
        return "tr_access(%s, %d, %d, %s, %d);" % (_addr(addr_leaf), s.uid,
                                                   depth, kind, vid(addr_leaf))

    def emit(items, ind, depth):
        pad = "  " * ind
        for it in items:
            if isinstance(it, Loop):
                # the iteration's position: the value, negated for a
                # negative step, so that it grows in execution order
                lines.append(pad + it.header(style) + " {")
                lines.append(pad + "  tr_iter(%d, %d, %s%s);" %
                             (depth, it.uid, "-" if it.step < 0 else "", it.var))
                emit(it.body, ind + 1, depth + 1)
                lines.append(pad + "}")
                continue
            s = it
            pad = "  " * ind
            if s.guard:
                # the condition's reads, then the statement under it
                creads = []
                expr_reads(s.guard[2], creads)
                expr_reads(s.guard[3], creads)
                for r in creads:
                    if r[0] == "name" and r[1] not in scalars:
                        continue
                    lines.append(pad + acc(r, s, depth, "TR_READ"))
                lines.append(pad + "if (%s) {" % cond_str(s.guard))
                pad += "  "
            reads = []
            if s.kind in ("assign", "decl") and s.rhs is not None:
                expr_reads(s.rhs, reads, [])
            upd = update_op(s) if s.kind == "assign" else None
            if upd:
                # x = x + e, x = e * x, x = x - e: an update like x += e (the
                # reductions looptile recognizes); its read of x is its own
                if upd in ("TR_MAX", "TR_MIN"):
                    # x = (e > x ? e : x): both reads of x are its own
                    reads = [x for x in reads if not same_expr(x[0], s.lhs)]
                else:
                    own = same_leaf([r for r, _ in reads], s.lhs)
                    reads = [x for x in reads if x[0] is not own]
            for r, when in reads:
                if r[0] == "name" and r[1] not in scalars:
                    continue
                a = acc(r, s, depth, "TR_READ")
                if when:
                    # read only where its arm of a '?:' is chosen
                    a = "if (%s) %s" % (" && ".join("(%s)" % w for w in when),
                                        a)
                lines.append(pad + a)
            if s.kind == "assign":
                kind = upd or {"=": "TR_WRITE", "+=": "TR_ADD", "-=": "TR_ADD",
                               "*=": "TR_MUL", "/=": "TR_OTHER"}[s.op]
                if kind == "TR_OTHER":
                    lines.append(pad + acc(s.lhs, s, depth, "TR_READ"))
                    kind = "TR_WRITE"
                lines.append(pad + acc(s.lhs, s, depth, kind))
                lines.append(pad + stmt_str(s))
            elif s.kind == "incdec":
                lines.append(pad + acc(s.lhs, s, depth, "TR_ADD"))
                lines.append(pad + stmt_str(s))
            elif s.kind == "decl":
                lines.append(pad + stmt_str(s))
                lines.append(pad + "tr_fresh(&%s, sizeof %s);" % (s.name, s.name))
                if s.rhs is not None:
                    lines.append(pad + acc(("name", s.name), s, depth, "TR_WRITE"))
            elif s.kind == "continue":
                lines.append(pad + "continue;")
            elif s.kind == "arrdecl":
                lines.append(pad + stmt_str(s))
                lines.append(pad + "tr_fresh(%s, sizeof %s);" %
                             (s.array.name, s.array.name))
            if s.guard:
                lines.append("  " * ind + "}")
    early = getattr(f, "early", None)
    if early:
        # the early return of print_c: the rest runs where it does not
        lines.append("  if (!(%s)) {" % early[0])
    lines += ["  " + d for d in derived_lines(f)]
    emit(f.decls, 1, 0)
    emit(f.body, 1, 0)
    if early:
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n", {v: k for k, v in ids.items()}
