"""The one C driver generator of the host-side comparisons.

Two tools compare versions of a C function on the host: utils/difftest.py
(the C that looptile emits against the original) and the fuzz harness
(every accepted variant against the original, and the traced original).
Both describe the functions (Function, Buffer) and get their driver from
driver_text(); both read its output with parse_output().

What a driver does, for each function and each of its size combinations:
  * every buffer is allocated once per version, with GUARD elements of
    guard zone (bytes 0xA5) on each side, and filled once: random values
    (the caller's expression per element type), a deterministic pattern
    (output buffers: elements no version writes compare equal), or indices
    inside the extent they select (an index array of a gather);
  * scalars get the caller's expression, sizes the combination's values;
  * every version is called on its own copy of the same inputs;
  * each version's buffers (and return value) are compared with the
    reference version's: bit equality (integers, and floating point when
    the tolerance is negative: memcmp, NaN payloads included), or a
    relative tolerance; the guard zones are checked.

Output, one line per event, fields separated by tabs:
  RUN fn version sizes          before a version is called
  MISMATCH fn version buffer flat [i][j] expected got count n sizes
  OOB fn version buffer sizes   a guard zone was written
  DONE fn sizes                 every version ran and was compared
  TRACE                         the trace report follows (trace mode)
where sizes is 'N=7 M=17' ('' without sizes). A RUN with no DONE after it
is the version that crashed or hung; version '-' is the driver's own work
before the calls (shapes, fills) and after them (frees).
"""
import re

# Element types as signatures name them -> C type, and the identifier each
# type's helpers are named after.
C_TYPES = {"float": "float", "double": "double", "int": "int",
           "char": "char", "signed char": "signed char",
           "unsigned char": "unsigned char", "short": "short",
           "unsigned short": "unsigned short", "unsigned int": "unsigned int",
           "long": "long", "unsigned long": "unsigned long",
           "long long": "long long", "unsigned long long": "unsigned long long"}
TYPE_KEYS = {t: t.replace(" ", "_") for t in C_TYPES}
INTEGER_TYPES = [t for t in C_TYPES if t not in ("float", "double")]
# Index arrays of these types cannot hold every index of a larger extent.
NARROW_LIMIT = {"char": 128, "signed char": 128, "unsigned char": 256,
                "short": 32768, "unsigned short": 65536}
GUARD = 16
# The manifest formula functions a shape may call (docs/manifest.md).
FORMULA_FUNCTIONS = ("min", "max", "ceil_div", "round_up")


class DriverError(Exception):
    """A description the driver cannot be generated for."""


class Buffer:
    """An array argument. dims: C expressions over size_var() names; fill:
    'random', 'pattern' or 'index' (then index_of: C expressions of the
    extents the values select; the smallest is the bound)."""

    def __init__(self, name, ctype, dims, fill="random", index_of=None):
        if ctype not in C_TYPES:
            raise DriverError("no driver support for element type '%s'" % ctype)
        self.name, self.ctype, self.dims = name, ctype, list(dims) or ["1"]
        self.fill, self.index_of = fill, list(index_of or [])


class Function:
    """args: in call order, each ('size', name, ctype), ('scalar', name,
    ctype, init) with init a C expression (it may call the driver's
    random generator, written '@rng()'), or a Buffer. ret: the C type of
    the returned value (compared like a one-element buffer) or None.
    derived: the sizes the function computes (a signature's
    "derived_sizes"), each (name, value, when) with formulas over the sizes
    and the derived sizes before it, when None or 0 where the value is 0."""

    def __init__(self, name, args, ret=None, derived=None):
        self.name, self.args, self.ret = name, list(args), ret
        self.derived = list(derived or [])

    def sizes(self):
        return [a[1] for a in self.args if isinstance(a, tuple) and a[0] == "size"]

    def names(self):
        return [self.name] + [a.name if isinstance(a, Buffer) else a[1]
                              for a in self.args]


def size_var(prefix, name):
    """The driver's variable holding size parameter NAME."""
    return prefix + "size_" + name


def formula_c(prefix, formula, sizes):
    """A manifest shape formula as a C expression over the driver's size
    variables (formula functions become the driver's macros)."""
    def sub(m):
        n = m.group(0)
        if n in sizes:
            return size_var(prefix, n)
        if n in FORMULA_FUNCTIONS:
            return prefix + n
        raise DriverError("the shape '%s' names '%s', which is not a size "
                          "parameter" % (formula, n))
    return re.sub(r"[A-Za-z_][A-Za-z_0-9]*", sub, str(formula))


def check_names(functions, prefix, tool):
    for f in functions:
        for n in f.names():
            if n.startswith(prefix):
                raise DriverError(
                    "the name '%s' in %s() starts with '%s', which %s reserves "
                    "for its driver" % (n, f.name, prefix, tool))


def driver_text(functions, combos, versions, random_fill, prefix, tool,
                reference="orig", tolerance=-1.0, seed=1, trace=None):
    """C text of a driver. functions: Function list; combos: function name
    -> list of size tuples (in the order of Function.sizes()); versions:
    suffixes of the versions called (each function F is called as
    F_<suffix>), the reference first; random_fill: element type -> C
    expression of one random element (over '@rng()' and '@rnd01()', the
    latter in [0, 2)); tool: the name a reserved-prefix error gives.
    trace: None, or {'suffix': S, 'allpairs': [size tuples]}: then, when
    the driver gets an argument, a second pass calls F_<S> (the traced
    copy) at every combination and at the all-pairs ones, and prints
    TRACE and trace_report()'s output (one function only)."""
    check_names(functions, prefix, tool)
    if versions[0] != reference:
        raise DriverError("the reference version must come first")
    if trace and len(functions) != 1:
        raise DriverError("a traced driver tests one function")
    out = []

    def w(line):
        # '@' (no C identifier holds it) stands for the reserved prefix.
        out.append(line.replace("@", prefix))
    w("/* Generated by utils/fuzz/driver.py for %s; do not edit. */" % tool)
    w("#include <limits.h>\n#include <math.h>\n#include <stddef.h>\n#include <stdint.h>")
    w("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n")
    w("#define @max(a, b) ((a) > (b) ? (a) : (b))")
    w("#define @min(a, b) ((a) < (b) ? (a) : (b))")
    w("static long @ceil_div(long a, long b) {")
    w("  return a >= 0 ? (a + b - 1) / b : -((-a) / b);\n}")
    w("#define @round_up(a, b) (@ceil_div((a), (b)) * (b))")
    w("#define @GUARD %d" % GUARD)
    w("static uint64_t @rng_state;")
    w("static uint32_t @rng(void) {")
    w("  @rng_state = @rng_state * 6364136223846793005ULL + 1442695040888963407ULL;")
    w("  return (uint32_t)(@rng_state >> 33);\n}")
    w("static double @rnd01(void) { return @rng() / 4294967296.0 * 2.0; }")
    w("static int @mismatches;")
    w("static const double @tolerance = %r;" % float(tolerance))
    w("static size_t @dim(long v) { return v > 0 ? (size_t)v : 0; }")
    w("static int @guard_ok(const void *@p, size_t @bytes) {")
    w("  const unsigned char *@c = @p;")
    w("  for (size_t @i = 0; @i < @bytes; @i++) if (@c[@i] != 0xA5) return 0;")
    w("  return 1;\n}")
    used = sorted({a.ctype for f in functions for a in f.args if isinstance(a, Buffer)} |
                  {f.ret for f in functions if f.ret})
    for t in used:
        tk = TYPE_KEYS[t]
        w("static void @print_%s(%s @v) {" % (tk, t))
        if t in INTEGER_TYPES:
            w("  printf(\"%lld\", (long long)@v);")
        else:
            w("  printf(\"%.9g (%a)\", (double)@v, (double)@v);")
        w("}")
        w("static int @differs_%s(%s @a, %s @b) {" % (tk, t, t))
        if t in INTEGER_TYPES:
            w("  return @a != @b;")
        else:
            w("  if (@tolerance < 0) return memcmp(&@a, &@b, sizeof @a) != 0;")
            w("  if (isnan(@a) || isnan(@b)) return isnan(@a) != isnan(@b);")
            w("  if (@a == @b) return 0;")
            w("  double @m = fabs((double)@a) > fabs((double)@b) ? fabs((double)@a) : fabs((double)@b);")
            w("  return fabs((double)@a - (double)@b) > @tolerance * (@m > 1e-30 ? @m : 1e-30);")
        w("}")
    w("static void @print_index(size_t @flat, const size_t *@dims, int @rank) {")
    w("  size_t @idx[16]; for (int @d = @rank - 1; @d >= 0; @d--) {")
    w("    size_t @e = @dims[@d] ? @dims[@d] : 1; @idx[@d] = @flat % @e; @flat /= @e; }")
    w("  for (int @d = 0; @d < @rank; @d++) printf(\"[%zu]\", @idx[@d]);\n}")

    def c_arg_type(a):
        if isinstance(a, Buffer):
            return "void *"
        return a[2]
    for f in functions:
        protos = ", ".join(c_arg_type(a) for a in f.args) or "void"
        ret = f.ret or "void"
        for v in versions:
            w("%s %s_%s(%s);" % (ret, f.name, v, protos))
        if trace:
            w("void %s_%s(%s);" % (f.name, trace["suffix"], protos))
    if trace:
        w("void trace_report(FILE *out, int pairs);")
        w("void trace_allpairs(int on);")
    w("")

    slots = len(versions) + (1 if trace else 0)
    for k, f in enumerate(functions):
        _test_function(w, k, f, versions, slots, random_fill, prefix, trace)
    w("int main(int @argc, char **@argv) {")
    w("  (void)@argv;")
    for k, f in enumerate(functions):
        table = combos[f.name]
        n = max(1, len(f.sizes()))
        w("  {")
        w("    static const int @combos[][%d] = {%s};" % (
            n, ", ".join("{%s}" % ", ".join(str(v) for v in (c or (0,))) for c in table)))
        w("    for (size_t @c = 0; @c < sizeof @combos / sizeof @combos[0]; @c++) {")
        w("      @rng_state = %dULL + 7919ULL * @c;" % seed)
        w("      @test_%d(0%s);" % (k, "".join(", @combos[@c][%d]" % i
                                             for i in range(len(f.sizes())))))
        w("    }")
        if trace:
            w("    if (@argc > 1) {")
            w("      for (size_t @c = 0; @c < sizeof @combos / sizeof @combos[0]; @c++) {")
            w("        @rng_state = %dULL + 7919ULL * @c;" % seed)
            w("        @test_%d(1%s);" % (k, "".join(", @combos[@c][%d]" % i
                                                 for i in range(len(f.sizes())))))
            w("      }")
            w("      trace_allpairs(1);")
            for j, combo in enumerate(trace.get("allpairs", [])):
                w("      @rng_state = %d;" % (99 + j))
                w("      @test_%d(1%s);" % (k, "".join(", %d" % v for v in combo)))
            w("      printf(\"TRACE\\n\");")
            w("      trace_report(stdout, 1);")
            w("    }")
        w("  }")
    w("  return @mismatches ? 1 : 0;\n}")
    return "\n".join(out) + "\n"


def _test_function(w, k, f, versions, slots, random_fill, prefix, trace):
    """@test_K(mode, sizes...): one combination of F's sizes; mode 1 calls
    the traced copy only."""
    sizes = f.sizes()
    w("static void @test_%d(int @mode%s) {" % (
        k, "".join(", int %s" % size_var("@", s) for s in sizes)))
    w("  (void)@mode;")
    fmt = " ".join("%s=%%d" % s for s in sizes)
    fargs = "".join(", %s" % size_var("@", s) for s in sizes)

    # The derived sizes, as the function computes them, for the shapes.
    for name, value, when in f.derived:
        w("  long %s = %s ? (long)(%s) : 0;" % (
            size_var("@", name),
            "(%s)" % formula_c("@", when, sizes) if when else "1",
            formula_c("@", value, sizes)))
        w("  (void)%s;" % size_var("@", name))
        sizes = sizes + [name]

    def say(kind, *fields):
        # printf of one tab-separated event line ending with the sizes
        w('  printf("%s\\t%s\\t%s\\n"%s); fflush(stdout);' % (
            kind, "\\t".join(fields), fmt, fargs))
    bufs = []
    call = [[] for _ in range(slots)]
    # '-': the driver's own work (shapes, fills, frees), in no version
    w("  if (@mode == 0) {")
    say("RUN", f.name, "-")
    w("  }")
    for j, a in enumerate(f.args):
        v_ = "@arg%d" % j
        if isinstance(a, tuple) and a[0] == "size":
            for s in range(slots):
                call[s].append(size_var("@", a[1]))
        elif isinstance(a, tuple):
            w("  %s %s = %s;" % (a[2], v_, a[3]))
            for s in range(slots):
                call[s].append(v_)
        else:
            t, tk = a.ctype, TYPE_KEYS[a.ctype]
            rank = len(a.dims)
            w("  size_t %s_dims[%d] = {%s};" % (
                v_, rank, ", ".join("@dim((long)(%s))" % formula_c("@", d, sizes)
                                    for d in a.dims)))
            w("  size_t %s_n = 1;" % v_)
            w("  for (int @d = 0; @d < %d; @d++) %s_n *= %s_dims[@d];" % (rank, v_, v_))
            w("  %s *%s[%d];" % (t, v_, slots))
            w("  for (int @s = 0; @s < %d; @s++) {" % slots)
            w("    %s[@s] = malloc((%s_n + 2 * @GUARD + 1) * sizeof(%s));" % (v_, v_, t))
            w("    memset(%s[@s], 0xA5, (%s_n + 2 * @GUARD) * sizeof(%s));" % (v_, v_, t))
            w("  }")
            w("  for (size_t @i = 0; @i < %s_n; @i++)" % v_)
            if a.fill == "pattern":
                w("    %s[0][@GUARD + @i] = (%s)(-1000 - (long)(@i %% 9973));" % (v_, t))
            elif a.fill == "index":
                # inside the smallest extent the values select (0 where it
                # is empty), within what the element type holds
                bound = "LONG_MAX"
                for e in a.index_of:
                    bound = "@min(%s, (long)(%s))" % (bound, formula_c("@", e, sizes))
                if t in NARROW_LIMIT:
                    bound = "@min(%s, %dL)" % (bound, NARROW_LIMIT[t])
                w("    %s[0][@GUARD + @i] = (%s)(%s > 0 ? (long)(@rng() %% (unsigned long)(%s)) : 0);"
                  % (v_, t, bound, bound))
            else:
                w("    %s[0][@GUARD + @i] = (%s)(%s);" % (v_, t, random_fill[t]))
            w("  for (int @s = 1; @s < %d; @s++) memcpy(%s[@s] + @GUARD, %s[0] + @GUARD, "
              "%s_n * sizeof(%s));" % (slots, v_, v_, v_, t))
            for s in range(slots):
                call[s].append("%s[%d] + @GUARD" % (v_, s))
            bufs.append((a, v_, rank))
    w("  if (@mode == 0) {")
    for s, v in enumerate(versions):
        say("RUN", f.name, v)
        w("    %s%s_%s(%s);" % ("%s @ret%d = " % (f.ret, s) if f.ret else "",
                                f.name, v, ", ".join(call[s])))
    if f.ret:
        tk = TYPE_KEYS[f.ret]
        for s, v in enumerate(versions[1:], start=1):
            w("    if (@differs_%s(@ret0, @ret%d)) {" % (tk, s))
            w("      @mismatches++;")
            w('      printf("MISMATCH\\t%s\\t%s\\treturn\\t0\\t\\t");' % (f.name, v))
            w("      @print_%s(@ret0); printf(\"\\t\"); @print_%s(@ret%d);" % (tk, tk, s))
            w('      printf("\\t1\\t1\\t%s\\n"%s);' % (fmt, fargs))
            w("    }")
    for a, v_, rank in bufs:
        t, tk = a.ctype, TYPE_KEYS[a.ctype]
        for s, v in enumerate(versions):
            w("    if (!@guard_ok(%s[%d], @GUARD * sizeof(%s)) || "
              "!@guard_ok(%s[%d] + @GUARD + %s_n, @GUARD * sizeof(%s))) {" %
              (v_, s, t, v_, s, v_, t))
            w("      @mismatches++;")
            w('      printf("OOB\\t%s\\t%s\\t%s\\t%s\\n"%s);' % (f.name, v, a.name, fmt, fargs))
            w("    }")
        for s, v in enumerate(versions[1:], start=1):
            w("    for (size_t @i = 0; @i < %s_n; @i++) {" % v_)
            w("      if (@differs_%s(%s[0][@GUARD + @i], %s[%d][@GUARD + @i])) {" % (tk, v_, v_, s))
            w("        size_t @count = 0;")
            w("        for (size_t @j = @i; @j < %s_n; @j++) @count += @differs_%s("
              "%s[0][@GUARD + @j], %s[%d][@GUARD + @j]);" % (v_, tk, v_, v_, s))
            w("        @mismatches++;")
            w('        printf("MISMATCH\\t%s\\t%s\\t%s\\t%%zu\\t", @i);' % (f.name, v, a.name))
            w("        @print_index(@i, %s_dims, %d);" % (v_, rank))
            w("        printf(\"\\t\"); @print_%s(%s[0][@GUARD + @i]);" % (tk, v_))
            w("        printf(\"\\t\"); @print_%s(%s[%d][@GUARD + @i]);" % (tk, v_, s))
            w('        printf("\\t%%zu\\t%%zu\\t%s\\n", @count, %s_n%s);' % (fmt, v_, fargs))
            w("        break;\n      }\n    }")
    say("RUN", f.name, "-")
    if trace:
        w("  } else {")
        w("    %s_%s(%s);" % (f.name, trace["suffix"], ", ".join(call[slots - 1])))
    w("  }")
    for a, v_, rank in bufs:
        w("  for (int @s = 0; @s < %d; @s++) free(%s[@s]);" % (slots, v_))
    w("  if (@mode == 0) {")
    w('    printf("DONE\\t%s\\t%s\\n"%s); fflush(stdout);' % (f.name, fmt, fargs))
    w("  }")
    w("}\n")


class Outcome:
    """What a driver's output says. mismatches: dicts with function,
    version, buffer, flat, index, expected, got, count, n, sizes; oobs:
    dicts with function, version, buffer, sizes; events: both, as
    ('mismatch' | 'oob', dict) in the order printed (a buffer's guard zones
    before its elements); done: number of DONE lines; unfinished:
    (function, version, sizes) of a RUN with no DONE after it, or None
    (version '-': the driver's own work); trace: the lines after TRACE."""

    def __init__(self):
        self.mismatches, self.oobs, self.events, self.trace = [], [], [], []
        self.done, self.unfinished, self.traced = 0, None, False


def parse_output(text):
    o = Outcome()
    for line in text.splitlines():
        if o.traced:
            o.trace.append(line)
            continue
        p = line.split("\t")
        if p[0] == "RUN" and len(p) == 4:
            o.unfinished = (p[1], p[2], p[3])
        elif p[0] == "DONE" and len(p) == 3:
            o.unfinished = None
            o.done += 1
        elif p[0] == "MISMATCH" and len(p) == 11:
            o.mismatches.append(dict(zip(
                ("function", "version", "buffer", "flat", "index", "expected",
                 "got", "count", "n", "sizes"), p[1:])))
            o.events.append(("mismatch", o.mismatches[-1]))
        elif p[0] == "OOB" and len(p) == 5:
            o.oobs.append(dict(zip(("function", "version", "buffer", "sizes"), p[1:])))
            o.events.append(("oob", o.oobs[-1]))
        elif line == "TRACE":
            o.traced = True
    return o
