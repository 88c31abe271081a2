"""Running one generated program through looptile and the oracles
(utils/fuzz).

For a program and its requests:
  1. looptile --print-deps=json (must not crash);
  2. looptile FLAGS --emit=c for every C request;
  3. one driver executable: the original C, every accepted variant and the
     instrumented original, all at -O0, run on the same seeded inputs at
     every size combination (all sizes 1, 2, 7, 17, 33 and mixes of them);
     every parameter array is compared element for element (exactly: the
     programs compute on int) and its guard zones checked; the trace's
     carried dependences are checked against every 'parallel' and
     'reduction' verdict;
  4. looptile FLAGS -o K.cl for every OpenCL request, then looptile-run
     K.cl --validate at the same size combinations on PoCL, and once under
     oclgrind --data-races --uninitialized with small work-groups (at least
     2 per dimension, ragged edges).

A refusal (exit 1 with a file:line:col: error: diagnostic) is not a failure.
Everything else that is not a clean pass is a Failure with a kind:
  crash         looptile died on a signal, an assertion, or an exit status
                other than 0 and 1
  no-diagnostic looptile exited 1 without a 'file:line:col: error:' line
  no-output     looptile exited 0 without writing its output
  compile       the emitted C does not compile
  mismatch      a buffer differs from the original's
  oob           the transformed code wrote outside a buffer
  run-crash     the transformed C crashed or did not finish
  verdict       a loop called parallel (or a reduction) carries a dependence
                in the trace
  ocl-build     the kernel does not build
  ocl-run       looptile-run failed otherwise (launch, sizes, ...)
  ocl-mismatch  validation failed
  oclgrind      oclgrind reported an error
  size-check    looptile-run ran sizes (a size 0) at which the C may access
                an array out of bounds, instead of refusing them (any
                failure there: the reference went past a buffer, or a
                mismatch of what a local array held past its end)
  alias         the host glue called with overlapping arrays: not refused
                (code 2) where one of them is written, or not the C's result
                where both are only read
  scale         looptile-run did not refuse sizes at which a buffer has more
                than 2^31 - 1 elements (what the kernels' indices address)
  bad-refusal   looptile refused with a reason the generator rules out
                (a constant without a value: the programs have none)
"""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile

from . import ast as A
from .ast import Loop

from .driver import Buffer, Function, driver_text, parse_output
from .trace import RUNTIME

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIZES = [1, 2, 7, 17, 33]
OCLGRIND_SIZE = 9
DIAG = re.compile(r"^[^\s:][^:\n]*:\d+:\d+: error: ", re.M)
# refusals a generated program never deserves (a failure of kind bad-refusal)
BAD_REFUSAL = re.compile(r"error: integer constant expression .* has no value")


class Failure:
    def __init__(self, kind, request, message, ocl=False):
        self.kind = kind
        self.request = request      # list of flags
        self.message = message
        self.ocl = ocl

    def to_json(self):
        return {"kind": self.kind, "flags": self.request, "ocl": self.ocl,
                "message": self.message}

    def __repr__(self):
        return "%s [%s%s]: %s" % (self.kind, "OpenCL " if self.ocl else "",
                                  " ".join(self.request), self.message[:300])


class Result:
    def __init__(self):
        self.failures = []
        self.c_requests = 0
        self.c_accepted = 0
        self.c_compared = 0
        self.ocl_requests = 0
        self.ocl_accepted = 0
        self.kernels_validated = 0
        self.oclgrind_runs = 0
        self.alias_calls = 0        # glue calls with overlapping arrays
        self.alias_refused = 0      # of those, refused (a written one overlaps)
        self.alias_done = False
        self.scale_checks = 0       # runs at sizes past 32-bit indices
        self.scale_refused = 0      # of those, refused before running
        self.scale_done = False
        self.zero_runs = 0          # looptile-run at sizes with a 0
        self.one_group_runs = 0     # validated runs that ran a host loop as
                                    # its kernel of one work-group
        self.zero_refusals = 0      # of those, expected size-check refusals
        self.refusals = []          # (flags, first error line)
        self.legal_refused = []     # refusals the trace shows legal
        self.verdicts_checked = 0
        self.trace_parallel_missed = 0   # loops parallel by the trace only
        self.missed_reasons = []         # looptile's verdicts on those
        self.notes = []


class Tools:
    def __init__(self, looptile=None, runner=None, cc=None, oclgrind=None,
                 opencl=True, use_oclgrind=True, workdir=None, timeout=60,
                 wg_limit=1024, small_work_groups=False, tunables=None,
                 device=None):
        bindir = os.path.join(ROOT, "build", "bin")
        self.looptile = looptile or os.environ.get("LOOPTILE") or os.path.join(bindir, "looptile")
        self.runner = runner or os.path.join(os.path.dirname(self.looptile), "looptile-run")
        self.cc = cc or os.environ.get("CC") or shutil.which("cc") or "cc"
        self.oclgrind = oclgrind or shutil.which("oclgrind")
        self.opencl = opencl
        self.use_oclgrind = use_oclgrind and self.oclgrind is not None
        self.timeout = timeout
        # validate on PoCL with the oclgrind run's small work-groups instead
        # of the manifest's defaults (a workaround for defect 12)
        self.small_work_groups = small_work_groups
        # tunable values for every kernel that has them (--tunables)
        self.tunables = dict(tunables or {})
        self.workdir_given = workdir is not None
        self.workdir = workdir or tempfile.mkdtemp(prefix="looptile-fuzz-")
        os.makedirs(self.workdir, exist_ok=True)
        self.env = dict(os.environ)
        self.cache_pid = None
        self.cache_uses = 0
        self.use_process_cache()
        # a real GPU's work-group limit (issue 11, defect 12)
        self.env["POCL_MAX_WORK_GROUP_SIZE"] = str(wg_limit)
        # the OpenCL device of every looptile-run call (--device); without
        # one, looptile-run's default: the first GPU where there is one (a
        # machine whose OCL_ICD_FILENAMES lists NVIDIA's library shows its
        # GPU whatever /etc/OpenCL/vendors holds)
        if device:
            self.env["LOOPTILE_DEVICE"] = device
        else:
            self.env.pop("LOOPTILE_DEVICE", None)
        self.env.pop("LOOPTILE_COMPUTE_UNITS", None)

    def use_process_cache(self):
        """Each process keeps its own reference-shim and PoCL kernel caches,
        emptied every 100 programs (a campaign would fill the disk)."""
        self.cache_uses += 1
        if self.cache_pid == os.getpid() and self.cache_uses % 100:
            return
        cache = os.path.join(self.workdir, "cache-%d" % os.getpid())
        if self.cache_pid == os.getpid():
            shutil.rmtree(cache, ignore_errors=True)
        self.cache_pid = os.getpid()
        os.makedirs(cache, exist_ok=True)
        self.env["LOOPTILE_CACHE_DIR"] = os.path.join(cache, "ref")
        self.env["POCL_CACHE_DIR"] = os.path.join(cache, "pocl")
        self.env["LOOPTILE_TUNE_CACHE"] = os.path.join(cache, "no-tuning.json")


def run(cmd, timeout, env=None, cwd=None):
    """(returncode or 'timeout', stdout, stderr). Kills the process group on
    a timeout."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, env=env, cwd=cwd, start_new_session=True,
                         errors="replace")
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = p.communicate()
        return "timeout", out, err


def classify_looptile(rc, err, flags, expect_file=None):
    """None for success, 'refused' for a refusal, else a Failure."""
    if rc == "timeout":
        return Failure("crash", flags, "looptile timed out")
    if rc == 0:
        if expect_file and (not os.path.exists(expect_file) or
                            os.path.getsize(expect_file) == 0):
            return Failure("no-output", flags, "looptile exited 0 but wrote no %s" %
                           os.path.basename(expect_file))
        if "Assertion" in err or "Stack dump" in err:
            return Failure("crash", flags, "exit 0 with: " + tail(err))
        return None
    if rc == 1 and "Stack dump" not in err and "Assertion" not in err:
        if DIAG.search(err):
            # the generator's programs have no constant that overflows or
            # divides by zero (issue 25, item 6 refuses only those)
            m = BAD_REFUSAL.search(err)
            if m:
                line = [l for l in err.splitlines() if m.group(0) in l][0]
                return Failure("bad-refusal", flags, line)
            return "refused"
        return Failure("no-diagnostic", flags, "exit 1 without a file:line:col "
                       "diagnostic: " + tail(err))
    return Failure("crash", flags, "exit %s: %s" % (rc, tail(err)))


def tail(text, n=12):
    lines = [l for l in text.strip().splitlines() if l.strip()]
    return "\n".join(lines[-n:])


def first_error(err):
    m = DIAG.search(err)
    if not m:
        return err.strip().splitlines()[0] if err.strip() else ""
    line = err[m.start():].splitlines()[0]
    return line.split(" error: ", 1)[1]


# ---------------------------------------------------------------------------
# The driver
# ---------------------------------------------------------------------------

def size_combos(sizes, rng):
    """All sizes equal to each of SIZES, plus two mixes."""
    combos = [tuple(s for _ in sizes) for s in SIZES]
    if len(sizes) > 1:
        for _ in range(2):
            c = tuple(rng.choice(SIZES) for _ in sizes)
            if c not in combos:
                combos.append(c)
    return combos


def program_combos(f, rng):
    """The size combinations every oracle runs a program at: size_combos,
    and the zero combinations where the program is of the zero-sizes class
    and keeps the rules there ('clean')."""
    combos = size_combos(f.sizes(), rng)
    if getattr(f, "zero_sizes", None) == "clean":
        combos = combos + zero_combos(f.sizes())
    return combos


def zero_combos(sizes):
    """Feature zero-sizes: each size 0 in turn (the others 7), then every
    size 0 (a host loop bounded by a size then runs no iteration)."""
    if not sizes:
        return []
    combos = []
    if len(sizes) > 1:
        for i in range(len(sizes)):
            combos.append(tuple(0 if j == i else 7 for j in range(len(sizes))))
    combos.append(tuple(0 for _ in sizes))
    return combos


# Every identifier the fuzz driver invents starts with this prefix (the
# generator's names never do: they are short and lower case).
DRIVER_PREFIX = "fz_"
# Values of the programs' int arrays and scalars.
RANDOM_FILL = {"int": "(int)(@rng() % 256u) - 128"}
DRIVER_SEED = 20240611


def driver_function(f):
    """The generated function as the driver's Function: int arrays (an
    index array of a gather: values inside the extent it selects), int
    scalars in 1..8, sizes of their declared types."""
    from .lin import Lin
    stypes = getattr(f, "size_types", {})

    def extent(lin):
        return "(%s)" % Lin(dict(lin.terms), lin.const).c_str()
    args = []
    for p in f.params:
        if p[0] == "size":
            args.append(("size", p[1], stypes.get(p[1], "int")))
        elif p[0] == "scalar":
            args.append(("scalar", p[1], stypes.get(p[1], "int"),
                         "(int)(@rng() % 8u) + 1"))
        else:
            a = p[1]
            of = getattr(a, "index_of", None)
            args.append(Buffer(a.name, "int", [extent(d) for d in a.dims],
                               "index" if of is not None else "random",
                               [extent(of[0].dims[of[1]])] if of is not None else None))
    return Function(f.name, args, "int" if getattr(f, "ret", None) else None)


def gen_driver(f, variants, combos, allpairs_combo, trace=True):
    """C text of the driver: calls <f>_orig and <f>_v<k> for every variant
    name at every combination of sizes, and with an argument <f>_trace
    (fuzz/driver.py)."""
    return driver_text([driver_function(f)], {f.name: combos}, ["orig"] + variants,
                       RANDOM_FILL, DRIVER_PREFIX, "the fuzz harness",
                       seed=DRIVER_SEED,
                       trace={"suffix": "trace", "allpairs": allpairs_combo} if trace else None)


def traced_tu(f):
    scalars = set(local_scalars(f))
    body, ids = A.print_traced(f, f.name + "_trace", scalars)
    text = RUNTIME
    text += "\n".join(A.macro_lines(f)) + "\n"
    text += "\n".join(A.MINMAX) + "\n" + body
    text += ("void trace_allpairs(int on) { tr_allpairs = on; }\n"
             "void trace_report(FILE *out, int pairs) {\n"
             "  tr_report(out);\n"
             "  if (pairs && tr_allpairs) {\n"
             "    tr_collect_pairs();\n"
             "    if (tr_pairs) { fclose(tr_pairs); fputs(tr_pairs_text, out); }\n"
             "    if (tr_allpairs_truncated) fprintf(out, \"T\\n\"); }\n"
             "  tr_free_all();\n}\n")
    return text, ids


def local_scalars(f):
    out = [d.name for d in f.decls if d.kind == "decl"]

    def walk(items):
        for it in items:
            if isinstance(it, Loop):
                walk(it.body)
            elif it.kind == "decl":
                out.append(it.name)
    walk(f.body)
    return out


# ---------------------------------------------------------------------------
# One program
# ---------------------------------------------------------------------------

class Program:
    """A generated program written to disk, with its loops by line."""

    def __init__(self, f, workdir, tag="p"):
        self.f = f
        self.dir = workdir
        os.makedirs(workdir, exist_ok=True)
        self.text = A.print_c(f)
        self.path = os.path.join(workdir, "%s.c" % tag)
        with open(self.path, "w") as fh:
            fh.write(self.text)
        self.loops_by_line = {}

        def walk(items):
            for it in items:
                if isinstance(it, Loop):
                    self.loops_by_line[it.line] = it
                    walk(it.body)
        walk(f.body)


def check_program(prog, c_reqs, ocl_reqs, tools, rng, res=None, trace=True):
    """Runs every oracle; returns a Result."""
    res = res or Result()
    f = prog.f
    lt = tools.looptile
    # 1. the dependence report
    rc, out, err = run([lt, prog.path, "--print-deps=json"], tools.timeout)
    deps = None
    v = classify_looptile(rc, err, ["--print-deps=json"])
    if isinstance(v, Failure):
        res.failures.append(v)
    elif v is None:
        try:
            deps = json.loads(out)
        except ValueError as e:
            res.failures.append(Failure("crash", ["--print-deps=json"],
                                        "invalid JSON: %s" % e))
    # 2. C requests
    variants = []
    for k, flags in enumerate(c_reqs):
        res.c_requests += 1
        outc = os.path.join(prog.dir, "v%d.c" % k)
        if os.path.exists(outc):
            os.unlink(outc)
        rc, _, err = run([lt, prog.path] + flags + ["--emit=c", "-o", outc], tools.timeout)
        v = classify_looptile(rc, err, flags, outc)
        if isinstance(v, Failure):
            res.failures.append(v)
            continue
        if v == "refused":
            res.refusals.append((flags, first_error(err)))
            continue
        res.c_accepted += 1
        variants.append(("v%d" % k, flags, outc))
    # 3. the driver
    combos = program_combos(f, rng)
    zero = getattr(f, "zero_sizes", None)
    run_driver(prog, variants, combos, deps, tools, res, trace)
    # 4. OpenCL
    if tools.opencl:
        refuse = zero_combos(f.sizes()) if zero == "oob" else []
        for k, flags in enumerate(ocl_reqs):
            check_opencl(prog, flags, k, combos, tools, res, refuse)
    return res


def compile_all(prog, variants, tools, res):
    """Compiles the driver, the original, the variants and the traced
    original at -O0; returns (exe, variants that compiled)."""
    d = prog.dir
    fn = prog.f.name
    srcs = []

    def wrapper(tag, path):
        wpath = os.path.join(d, "w_%s.c" % tag)
        with open(wpath, "w") as fh:
            fh.write("#define %s %s_%s\n#include \"%s\"\n" % (fn, fn, tag, path))
        return wpath
    orig = wrapper("orig", prog.path)
    good = []
    for tag, flags, path in variants:
        wp = wrapper(tag, path)
        rc, _, err = run([tools.cc, "-std=gnu11", "-O0", "-w", "-c", wp, "-o", wp + ".o"],
                         tools.timeout)
        if rc != 0:
            res.failures.append(Failure("compile", flags, "the emitted C does not "
                                        "compile:\n" + tail(err, 8)))
            continue
        good.append((tag, flags, path, wp + ".o"))
    return orig, good


def run_driver(prog, variants, combos, deps, tools, res, trace, compiled=None):
    f = prog.f
    d = prog.dir
    if compiled is None:
        orig, good = compile_all(prog, variants, tools, res)
    else:
        orig = os.path.join(d, "w_orig.c")
        good = [compiled[v[0]] for v in variants]
    tags = [g[0] for g in good]
    # the all-pairs direction vectors: at sizes 5 and 8 (every pair of
    # accesses to an address; see trace.py)
    allp = [tuple(5 for _ in f.sizes()), tuple(8 for _ in f.sizes())]
    drv = os.path.join(d, "driver.c")
    with open(drv, "w") as fh:
        fh.write(gen_driver(f, tags, combos, allp))
    ttext, ids = traced_tu(f)
    tpath = os.path.join(d, "traced.c")
    with open(tpath, "w") as fh:
        fh.write(ttext)
    exe = os.path.join(d, "driver")
    cmd = [tools.cc, "-std=gnu11", "-O0", "-w", "-o", exe, drv, orig, tpath] + \
        [g[3] for g in good] + ["-lm"]
    rc, _, err = run(cmd, tools.timeout)
    if rc != 0:
        raise HarnessError("the driver does not compile:\n" + tail(err, 20))
    rc, out, err = run([exe] + (["trace"] if trace else []), tools.timeout)
    by_tag = {g[0]: g[1] for g in good}
    o = parse_output(out)
    bad = set()
    # the first event of each version, in the order printed (a write into a
    # guard zone before the wrong values it may have left)
    for kind, e in o.events:
        tag = e["version"]
        if kind == "oob" and tag == "orig":
            raise HarnessError("the original wrote outside %s at %s: "
                               "generator bug" % (e["buffer"], e["sizes"]))
        if tag in bad:
            continue
        bad.add(tag)
        if kind == "oob":
            res.failures.append(Failure("oob", by_tag[tag], "wrote outside %s at %s"
                                        % (e["buffer"], e["sizes"])))
        else:
            res.failures.append(Failure("mismatch", by_tag[tag], (
                "at %s: %s[%s] (flat) is %s, the original gives %s (%s of %s "
                "elements from there differ)" % (e["sizes"], e["buffer"], e["flat"],
                                                 e["got"], e["expected"], e["count"],
                                                 e["n"]))))
    # the driver exits 1 when it reported a difference, 0 otherwise
    clean_rc = 1 if o.mismatches or o.oobs else 0
    if not o.traced and (rc != clean_rc or o.unfinished or o.done < len(combos)):
        if o.unfinished is None or o.unfinished[1] == "-":
            raise HarnessError("the driver failed (%s) outside a variant%s:\n%s" % (
                rc, " at %s" % o.unfinished[2] if o.unfinished else "", tail(err)))
        _, tag, sizes = o.unfinished
        if tag == "orig":
            raise HarnessError("the original failed (%s) at %s: generator bug\n%s"
                               % (rc, sizes, tail(err)))
        res.failures.append(Failure("run-crash", by_tag[tag], "%s at %s" % (
            "timed out" if rc == "timeout" else "exit %s" % rc, sizes)))
        # the others still need a run: drop the culprit and retry
        rest = [g[:3] for g in good if g[0] != tag]
        return run_driver(prog, rest, combos, deps, tools, res, trace,
                          compiled={g[0]: g for g in good})
    res.c_compared += len(good) - len([t for t in bad if t in by_tag])
    if trace and deps is not None:
        if rc != clean_rc:
            raise HarnessError("the trace run failed (%s)\n%s" % (rc, tail(err)))
        check_trace(prog, deps, o.trace, ids, res)


class HarnessError(Exception):
    """A failure of the generator or the harness itself (not of looptile)."""


# ---------------------------------------------------------------------------
# The trace oracle
# ---------------------------------------------------------------------------

def parse_trace(lines):
    carried = {}      # (var, loop) -> (mask, src stmt, dst stmt)
    exposed = set()
    liveout = set()
    vectors = []
    uninit = []
    truncated = False
    for line in lines:
        p = line.split()
        if not p:
            continue
        if p[0] == "C":
            carried[(int(p[1]), int(p[2]))] = (int(p[3]), int(p[4]), int(p[5]))
        elif p[0] == "X":
            exposed.add((int(p[1]), int(p[2])))
        elif p[0] == "L":
            liveout.add((int(p[1]), int(p[2])))
        elif p[0] == "V":
            vec = [(int(x[:-1]), x[-1]) for x in p[4:]]
            vectors.append((int(p[1]), vec))
        elif p[0] == "T":
            truncated = True
        elif p[0] == "U":
            uninit.append((int(p[1]), int(p[2])))
    return carried, exposed, liveout, vectors, truncated, uninit


def node_lines(f):
    out = {}

    def walk(items):
        for it in items:
            out[it.uid] = it.line
            if isinstance(it, Loop):
                walk(it.body)
    walk(f.decls)
    walk(f.body)
    return out


def check_trace(prog, deps, lines, ids, res):
    f = prog.f
    carried, exposed, liveout, vectors, truncated, uninit = parse_trace(lines)
    scalars = set(local_scalars(f))
    lines_of = node_lines(f)
    params = {p[1].name for p in f.params if p[0] == "array"}
    for var, stmt in uninit:
        if ids.get(var) not in params:
            raise HarnessError("the original reads '%s' uninitialized (line %s): "
                               "generator bug" % (ids.get(var), lines_of.get(stmt)))
    res.trace = (carried, exposed, liveout, vectors, truncated, ids)
    for nest in deps.get("nests", []):
        for l in nest.get("loops", []):
            loop = prog.loops_by_line.get(l.get("line"))
            if loop is None:
                continue
            res.verdicts_checked += 1
            real = []
            for (var, lid), (mask, s1, s2) in sorted(carried.items()):
                if lid != loop.uid:
                    continue
                name = ids.get(var, "?")
                if name in scalars and (var, lid) not in exposed and \
                        (var, lid) not in liveout:
                    continue   # private in this loop: looptile may ignore it
                real.append((name, mask, s1, s2))
            kinds = lambda m: "/".join(k for b, k in ((1, "flow"), (2, "anti"),
                                                      (4, "output")) if m & b)
            if l.get("parallel"):
                if real:
                    name, mask, s1, s2 = real[0]
                    res.failures.append(Failure("verdict", ["--print-deps"], (
                        "loop '%s' (line %d) is called parallel, but the trace has "
                        "a %s dependence on '%s' carried by it (lines %s -> %s)" % (
                            loop.var, loop.line, kinds(mask), name,
                            lines_of.get(s1), lines_of.get(s2)))))
            elif l.get("reduction"):
                bad = [x for x in real if x[1] & 8]
                if bad:
                    name, mask, s1, s2 = bad[0]
                    res.failures.append(Failure("verdict", ["--print-deps"], (
                        "loop '%s' (line %d) is called a reduction, but the trace has "
                        "a %s dependence on '%s' carried by it that is not between "
                        "two updates with one operator (lines %s -> %s)" % (
                            loop.var, loop.line, kinds(mask), name,
                            lines_of.get(s1), lines_of.get(s2)))))
            elif not real:
                res.trace_parallel_missed += 1
                res.missed_reasons.append(l.get("verdict", ""))


def trace_legal(res, prog, flags):
    """True/False when the trace's direction vectors decide the legality of
    an interchange, an order or a band tiling request; None otherwise."""
    t = getattr(res, "trace", None)
    if t is None or t[4]:
        return None
    vectors = t[3]
    if len(flags) != 2:
        return None
    name, arg = flags
    loops = {}
    for l in prog.loops_by_line.values():
        loops.setdefault(l.var, []).append(l)

    def resolve(sel):
        if ":" in sel:
            var, line = sel.split(":")
            l = prog.loops_by_line.get(int(line))
            return l if l is not None and l.var == var else None
        c = loops.get(sel, [])
        return c[0] if len(c) == 1 else None
    if name in ("--interchange", "--order"):
        perm = [resolve(s) for s in arg.split(",")]
        if None in perm:
            return None
        band = sorted(perm, key=lambda l: l.uid)
        if name == "--interchange":
            perm = [band[1], band[0]]
        return permutation_legal(vectors, [l.uid for l in band], [l.uid for l in perm])
    if name == "--tile" and "=" in arg:
        band = [resolve(p.split("=")[0]) for p in arg.split(",")]
        if None in band:
            return None
        return tiling_legal(vectors, [l.uid for l in band])
    return None


def _band_entries(vec, band):
    ids = [i for i, _ in vec]
    if not all(b in ids for b in band):
        return None
    pos = [ids.index(b) for b in band]
    first = min(pos)
    if any(d == "<" for _, d in vec[:first]):
        return None      # carried outside the band
    return {b: vec[ids.index(b)][1] for b in band}


def permutation_legal(vectors, band, perm):
    for _, vec in vectors:
        e = _band_entries(vec, band)
        if e is None:
            continue
        for b in perm:
            if e[b] == "<":
                break
            if e[b] == ">":
                return False
    return True


def tiling_legal(vectors, band):
    for _, vec in vectors:
        e = _band_entries(vec, band)
        if e is None:
            continue
        if any(d == ">" for d in e.values()):
            return False
    return True


# ---------------------------------------------------------------------------
# OpenCL
# ---------------------------------------------------------------------------

def small_tunables(manifest, overrides=None, small=True):
    """Small values for every tunable, respecting min, max and multiple_of
    (a tunable's name or names joined by '*', their product): work-groups
    of 2 to 4 work-items per dimension. overrides: values of some tunables
    (those the manifest has) that the others are then chosen around. With
    small=False the others start from their defaults instead, raised to
    the multiple their multiple_of asks."""
    tun = {t["name"]: t for t in manifest.get("tunables", [])}
    vals = {n: v for n, v in (overrides or {}).items() if n in tun}

    def target(name):
        if not small:
            return tun[name].get("default", 1)
        if name.startswith("VW") or name.startswith("WPT") or name.startswith("TVW"):
            return 2
        if name.startswith("WG"):
            return 4 if name == "WG0" else 3
        return 4

    def resolve(name, seen=()):
        if name in vals:
            return vals[name]
        t = tun[name]
        mult = t.get("multiple_of")
        m = 1
        if isinstance(mult, str):
            for f in mult.split("*"):
                if f in tun and f not in seen:
                    m *= resolve(f, seen + (name,))
        elif isinstance(mult, int):
            m = mult
        v = max(t.get("min", 1), target(name))
        v = ((v + m - 1) // m) * m
        if "values" in t and name.startswith("VW") and v not in t["values"]:
            v = min(t["values"])
        v = min(v, t.get("max", v))
        vals[name] = v
        return v
    for n in tun:
        resolve(n)
    return vals


def check_opencl(prog, flags, k, combos, tools, res, refuse=()):
    """refuse: size combinations where the C may access an array out of
    bounds (zero-sizes 'oob'): the runtime's size check must refuse them
    ('sizes ... are not valid', exit 2) or the run validate (an access the
    generator's rules only may not keep in bounds); any other outcome
    fails."""
    res.ocl_requests += 1
    cl = os.path.join(prog.dir, "k%d.cl" % k)
    for ext in (".cl", ".json", ".host.cpp"):
        p = cl[:-3] + ext
        if os.path.exists(p):
            os.unlink(p)
    rc, _, err = run([tools.looptile, prog.path] + flags + ["-o", cl], tools.timeout)
    v = classify_looptile(rc, err, flags + ["-o", "K.cl"], cl)
    if isinstance(v, Failure):
        v.ocl = True
        res.failures.append(v)
        return
    if v == "refused":
        res.refusals.append((flags + ["-o"], first_error(err)))
        return
    res.ocl_accepted += 1
    manifest_path = cl[:-3] + ".json"
    try:
        with open(manifest_path) as fh:
            manifest = json.load(fh)
    except (OSError, ValueError) as e:
        res.failures.append(Failure("no-output", flags + ["-o", "K.cl"],
                                    "no valid manifest: %s" % e, ocl=True))
        return
    msizes = [a["name"] for a in manifest.get("arguments", []) if a.get("kind") == "size"]
    fs = prog.f.sizes()
    ok = True
    # A host loop that also has a kernel of one work-group: on PoCL (a CPU
    # device) the runtime's choice is its launches, so every other size
    # combination runs that kernel instead (--host-loops one-work-group),
    # with PoCL's cbs work-group method and its optimizer off: PoCL 3.1
    # miscompiles some of these kernels with its default method
    # (findings/pocl-work-group-loop.c) and some with cbs when it optimizes
    # (findings/pocl-one-work-group-cbs.c); both paths are validated, and
    # oclgrind checks the kernel of one work-group for races.
    one_group = has_one_work_group(manifest.get("host_program", []))
    for i, combo in enumerate(list(combos) + [c for c in refuse if c not in combos]):
        may_refuse = combo in refuse
        env = dict(zip(fs, combo))
        d = ",".join("%s=%d" % (n, env.get(n, 7)) for n in msizes)
        cmd = [tools.runner, cl, "--validate", "--reps", "1", "--no-tune-cache",
               "--json", "--no-progress"] + (["-D", d] if d else [])
        run_env = tools.env
        if one_group and i % 2:
            cmd += ["--host-loops", "one-work-group"]
            base = dict(tools.env or os.environ)
            run_env = dict(base, POCL_WORK_GROUP_METHOD="cbs", LOOPTILE_CL_OPTIONS=(
                base.get("LOOPTILE_CL_OPTIONS", "") + " -cl-opt-disable").strip())
        tun = [t["name"] for t in manifest.get("tunables", [])]
        if tun and (tools.small_work_groups or
                    any(n in tun for n in tools.tunables)):
            cmd += ["--set", ",".join("%s=%d" % kv for kv in sorted(
                small_tunables(manifest, tools.tunables,
                               tools.small_work_groups).items()))]
        rc, out, err = run(cmd, tools.timeout, env=run_env)
        if 0 in combo:
            res.zero_runs += 1
        if may_refuse and rc == 2 and "are not valid for" in err:
            res.zero_refusals += 1
            continue
        f = ocl_outcome(rc, out, err, flags, d)
        if may_refuse and f is not None:
            # the C may access an array out of bounds at these sizes (its
            # reference went past a buffer's end, or read a local array
            # past its end: a mismatch of garbage): sizes the manifest's
            # size checks should have refused
            res.failures.append(Failure(
                "size-check", flags + ["-o", "K.cl"],
                "looptile-run accepted %s, where the C may access an array "
                "out of bounds (%s): %s" % (d, f.kind, f.message), ocl=True))
            ok = False
            break
        if f is not None:
            res.failures.append(f)
            ok = False
            break
        res.kernels_validated += 1
        if one_group and ran_one_group(manifest, out):
            res.one_group_runs += 1
    if ok and tools.use_oclgrind:
        run_oclgrind(prog, cl, manifest, msizes, flags, tools, res)
    if ok and getattr(tools, "alias_calls", False) and not res.alias_done:
        res.alias_done = True
        check_alias(prog, cl, manifest, flags, tools, res)
    if ok and not res.scale_done:
        res.scale_done = True
        check_scale(cl, manifest, flags, tools, res)


def has_one_work_group(steps):
    """Whether a loop of the manifest's host_program has a kernel of one
    work-group (docs/manifest.md, "one_work_group")."""
    return any("one_work_group" in s or has_one_work_group(s.get("body", []))
               for s in steps)


def ran_one_group(manifest, out):
    """Whether looptile-run's --json output out launched a kernel of one
    work-group."""
    kinds = {k["name"]: k.get("kind") for k in manifest.get("kernels", [])}
    try:
        data = json.loads(out)
    except ValueError:
        return False
    return any(kinds.get(k.get("name")) == "work-group loop" and k.get("launches")
               for k in data.get("kernels") or [])


def ocl_outcome(rc, out, err, flags, sizes, tool="looptile-run"):
    req = flags + ["-o", "K.cl"]
    if rc == 0:
        return None
    data = None
    try:
        data = json.loads(out) if out.strip() else None
    except ValueError:
        pass
    if rc == 1 and data and data.get("validation") == "failed":
        bufs = [b for b in data.get("buffers", []) if b.get("bad")]
        msg = "; ".join("%s: %s of %s elements wrong (%s never written), first %s: "
                        "expected %s, got %s" % (
                            b.get("name"), b.get("bad"), b.get("elements"),
                            b.get("unwritten", 0), b.get("first_bad"), b.get("expected"),
                            "the sentinel" if b.get("got") is None else b.get("got"))
                        for b in bufs[:3]) or tail(err, 6)
        return Failure("ocl-mismatch", req, "at %s: %s" % (sizes, msg), ocl=True)
    text = err + out
    if "build" in text.lower() and ("fail" in text.lower() or "error" in text.lower()):
        return Failure("ocl-build", req, "at %s: %s" % (sizes, tail(text, 10)), ocl=True)
    return Failure("ocl-run", req, "%s exit %s at %s: %s" % (tool, rc, sizes,
                                                             tail(text, 8)), ocl=True)


ALIAS_SIZE = 5

ALIAS_MAIN = r"""
#include <stdio.h>
#include "looptile/Runtime/Glue.h"
%(ret)s %(name)s(%(proto)s);
%(ret)s %(name)s_ref(%(proto)s);
static int pool[%(n)d], keep[%(n)d], ref[%(n)d];
int main(void) {
  unsigned s = %(seed)du;
  for (int i = 0; i < %(n)d; i++) {
    s = s * 1103515245u + 12345u;
    pool[i] = keep[i] = ref[i] = (int)((s >> 16) %% %(span)du) - %(low)d;
  }
  %(call)s
  printf("code %%d\n", looptile_last_error());
  printf("message %%s\n", looptile_last_error_message());
  if (%(written)d) {
    int same = 1;
    for (int i = 0; i < %(n)d; i++) same &= pool[i] == keep[i];
    printf("unchanged %%d\n", same);
  } else {
    %(refcall)s
    int bad = -1;
    for (int i = 0; i < %(n)d; i++) if (pool[i] != ref[i]) { bad = i; break; }
    printf("first-diff %%d %%d %%d\n", bad, bad < 0 ? 0 : pool[bad], bad < 0 ? 0 : ref[bad]);
    printf("returns %%d\n", %(retcmp)s);
  }
  return 0;
}
"""


def shape_count(shape, sizes):
    """Elements of a manifest shape at these sizes, or None."""
    n = 1
    for d in shape:
        try:
            v = eval(str(d).replace("/", "//"), {"__builtins__": {}},
                     dict(sizes, min=min, max=max))
        except Exception:
            return None
        n *= max(int(v), 0)
    return n


# Sizes past what the kernels' 32-bit indices address (docs/runtime.md):
# the first validated kernel of a program is run once at sizes that give
# some buffer more than INDEX_LIMIT elements, all sizes equal to the first
# of SCALE_VALUES that does; the runtime must refuse them before any kernel
# is launched: exit 2 (the buffer named, or a size check's refusal), or
# exit 3 where allocating an earlier buffer failed first (the runtime
# allocates and checks the buffers in manifest order). It runs under an
# address-space limit, so that a runtime that went on would fail at once
# instead of exhausting memory.
INDEX_LIMIT = 2 ** 31 - 1
SCALE_VALUES = (1291, 46341, 2 ** 30, 2 ** 31 - 1)
SCALE_MEMORY = 4 << 30


def scale_sizes(manifest):
    """Size values at which a buffer exceeds INDEX_LIMIT elements, or None."""
    names = [a["name"] for a in manifest.get("arguments", []) if a.get("kind") == "size"]
    shapes = [a.get("shape", []) for a in manifest.get("arguments", [])
              if a.get("kind") == "buffer"]
    for v in SCALE_VALUES:
        sizes = {n: v for n in names}
        if names and any((shape_count(sh, sizes) or 0) > INDEX_LIMIT for sh in shapes):
            return sizes
    return None


def check_scale(cl, manifest, flags, tools, res):
    sizes = scale_sizes(manifest)
    if sizes is None:
        return
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (SCALE_MEMORY, SCALE_MEMORY))
    d = ",".join("%s=%d" % kv for kv in sizes.items())
    cmd = [tools.runner, cl, "-D", d, "--reps", "1", "--no-tune-cache", "--no-progress"]
    # On the CPU device whatever --device says: NVIDIA's driver does not
    # load under the address-space limit ("no gpu device found", exit 3),
    # and the refusal comes before any device work anyway.
    env = dict(tools.env, LOOPTILE_DEVICE="cpu")
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                           timeout=tools.timeout, env=env, preexec_fn=limit)
        rc, err = p.returncode, p.stderr
    except subprocess.TimeoutExpired:
        rc, err = "timeout", ""
    res.scale_checks += 1
    if (rc == 2 and ("2^31 - 1" in err or "are not valid for" in err)) or \
            (rc == 3 and ("allocation failure" in err or "cannot map" in err)):
        res.scale_refused += 1
        return
    res.failures.append(Failure(
        "scale", flags + ["-o", "K.cl"],
        "looptile-run at %s, where a buffer has more than 2^31 - 1 elements: "
        "%s instead of the refusal (exit 2)%s" % (
            d, "timed out" if rc == "timeout" else "exit %s" % rc,
            (": " + first_error(err)) if err.strip() else ""), ocl=True))


def check_alias(prog, cl, manifest, flags, tools, res):
    """The aliasing-call oracle: the drop-in function of the host glue
    (K.host.cpp) called with two array arguments that overlap in memory, at
    every size ALIAS_SIZE. Where one of the two is written (access inout or
    out) the call must be refused with code 2 naming the overlap, the arrays
    unchanged; where both are only read, it must return 0 and leave the
    arrays (and return value) as the C function does on a copy."""
    import random as _random
    f = prog.f
    host = cl[:-3] + ".host.cpp"
    if not os.path.exists(host):
        return
    sizes = {n: ALIAS_SIZE for n in f.sizes()}
    margs = {a["name"]: a for a in manifest.get("arguments", [])}
    arrs = [p[1] for p in f.params if p[0] == "array"]
    # Every element in [-128, 128), or, where an index array may overlap
    # any array (feature gathers), inside the extent it selects.
    span, low = 256, 128
    for a in arrs:
        of = getattr(a, "index_of", None)
        if of is not None:
            span, low = min(span if low == 0 else 256,
                            of[0].dims[of[1]].eval(sizes)), 0
    counts = {}     # elements reserved for each array (the C's or the glue's)
    mcounts = {}    # elements the glue copies (the manifest's shape)
    for a in arrs:
        m = margs.get(a.name)
        if m is None or m.get("kind") != "buffer":
            return
        n = shape_count(m.get("shape", []), sizes)
        cdims = 1
        for d in a.dims:
            cdims *= max(d.eval(sizes), 0)
        if n is None:
            return
        counts[a.name] = max(n, cdims)
        mcounts[a.name] = n
    # x at element 0 and y at element 1 overlap, for the glue, where x has
    # at least 2 elements in the manifest and y at least 1
    written = [a for a in arrs if margs[a.name].get("access") != "in" and mcounts[a.name] >= 1]
    readonly = [a for a in arrs if margs[a.name].get("access") == "in" and mcounts[a.name] >= 1]
    import zlib
    rng = _random.Random(zlib.crc32(prog.text.encode()))
    pairs = []
    if written and len(arrs) >= 2:
        w = rng.choice(written)
        x = rng.choice([a for a in arrs if a is not w])
        if mcounts[x.name] >= 2:
            pairs.append((1, x, w))
    if len(readonly) >= 2:
        x, y = rng.sample(readonly, 2)
        if mcounts[x.name] >= 2:
            pairs.append((0, x, y))
    if not pairs:
        return
    d = os.path.join(prog.dir, "alias")
    os.makedirs(d, exist_ok=True)
    # The library beside looptile-run (a campaign's copied build, or the
    # build folder), and the headers it was built from: a copy's own
    # runtime/include where it has one, else the source tree's (which a
    # later edit could make disagree with a copied library).
    base = os.path.dirname(os.path.dirname(tools.runner))
    lib = os.path.join(base, "runtime", "liblooptile-runtime.a")
    inc = os.path.join(base, "runtime", "include")
    if not os.path.isdir(inc):
        inc = os.path.join(ROOT, "runtime", "include")
    cxx = os.environ.get("CXX") or shutil.which("c++") or "c++"
    host_o = os.path.join(d, "host.o")
    ref_o = os.path.join(d, "ref.o")
    rc, _, err = run([cxx, "-std=c++17", "-I" + inc, "-c", host, "-o", host_o], tools.timeout)
    if rc != 0:
        res.failures.append(Failure("alias", flags + ["-o", "K.cl"],
                                    "the host glue does not compile: " + tail(err, 6), ocl=True))
        return
    rc, _, err = run([tools.cc, "-std=gnu11", "-O0", "-w", "-D%s=%s_ref" % (f.name, f.name),
                      "-c", prog.path, "-o", ref_o], tools.timeout)
    if rc != 0:
        return
    stypes = getattr(f, "size_types", {})
    proto = ", ".join(stypes.get(p[1], "int") if p[0] in ("size", "scalar") else "void *"
                      for p in f.params)
    ret = "int" if getattr(f, "ret", None) else "void"
    env = dict(tools.env)
    env["LOOPTILE_DEVICE"] = "cpu"
    for k, (wr, x, y) in enumerate(pairs):
        # x at element 0, y at element 1 (they overlap), the others apart
        offs = {x.name: 0, y.name: 1}
        pos = max(counts[x.name], 1 + counts[y.name]) + 8
        for a in arrs:
            if a.name not in offs:
                offs[a.name] = pos
                pos += counts[a.name] + 8
        n = pos + 8

        def args(buf):
            out = []
            for p in f.params:
                if p[0] == "size":
                    out.append(str(ALIAS_SIZE))
                elif p[0] == "scalar":
                    out.append("3")
                else:
                    out.append("%s + %d" % (buf, offs[p[1].name]))
            return ", ".join(out)
        call = ("int r = " if ret == "int" else "") + "%s(%s);" % (f.name, args("pool"))
        refcall = ("int r_ref = " if ret == "int" else "") + "%s_ref(%s);" % (f.name, args("ref"))
        src = ALIAS_MAIN % {"ret": ret, "name": f.name, "proto": proto, "n": n,
                            "span": span, "low": low,
                            "seed": 1000 + k, "call": call, "refcall": refcall,
                            "written": wr, "retcmp": "r == r_ref" if ret == "int" else "1"}
        main_c = os.path.join(d, "main%d.c" % k)
        with open(main_c, "w") as fh:
            fh.write(src)
        exe = os.path.join(d, "main%d" % k)
        rc, _, err = run([tools.cc, "-std=gnu11", "-O0", "-w", "-I" + inc, main_c, host_o,
                          ref_o, lib, "-lOpenCL", "-lstdc++", "-ldl", "-lm", "-o", exe],
                         tools.timeout)
        if rc != 0:
            res.failures.append(Failure("alias", flags + ["-o", "K.cl"],
                                        "the glue program does not link: " + tail(err, 6),
                                        ocl=True))
            return
        rc, out, err = run([exe], tools.timeout, env=env)
        what = "%s(%s) with %s and %s overlapping (%s)" % (
            f.name, args("p").replace("p + ", "+"), x.name, y.name,
            "one written" if wr else "both read-only")
        if rc != 0:
            res.failures.append(Failure("alias", flags + ["-o", "K.cl"], "%s: exit %s: %s" %
                                        (what, rc, tail(err + out, 6)), ocl=True))
            continue
        info = dict(l.split(" ", 1) for l in out.splitlines() if " " in l)
        code = int(info.get("code", "-1"))
        msg = info.get("message", "")
        if "are not valid for" in msg:
            continue    # sizes the function does not support: not this oracle's
        res.alias_calls += 1
        if wr:
            if code == 2 and "overlap in memory" in msg and info.get("unchanged") == "1":
                res.alias_refused += 1
                continue
            res.failures.append(Failure("alias", flags + ["-o", "K.cl"],
                                        "%s: code %d, arrays %s, message '%s' (expected code 2, "
                                        "the overlap named, arrays unchanged)" % (
                                            what, code, "unchanged" if info.get("unchanged") == "1"
                                            else "CHANGED", msg), ocl=True))
        else:
            diff = info.get("first-diff", "-1").split()
            if code == 0 and diff[0] == "-1" and info.get("returns") == "1":
                continue
            res.failures.append(Failure("alias", flags + ["-o", "K.cl"],
                                        "%s: code %d ('%s'), first element that differs from the "
                                        "C's: %s, return values equal: %s" % (
                                            what, code, msg, " ".join(diff),
                                            info.get("returns")), ocl=True))


def run_oclgrind(prog, cl, manifest, msizes, flags, tools, res):
    res.oclgrind_runs += 1
    kind, msg = oclgrind_kernel(cl, manifest, tools)
    if kind is not None:
        res.failures.append(Failure(kind, flags + ["-o", "K.cl"], msg, ocl=True))


FILL_SHIM = r"""
/* clEnqueueFillBuffer as a blocking clEnqueueWriteBuffer of the repeated
   pattern. oclgrind 21.10's uninitialized-value plugin keeps, for a filled
   buffer, the shadow of one pattern's bytes only (one shadow allocation per
   pattern store), so every later kernel store to the buffer and load from
   it counts as uninitialized: "Uninitialized value written to global
   memory" for correct code. The runtime fills out buffers and temporaries
   with a sentinel, so without this every kernel with one is reported. */
#define CL_TARGET_OPENCL_VERSION 120
#define _GNU_SOURCE
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

typedef cl_int (*write_fn)(cl_command_queue, cl_mem, cl_bool, size_t, size_t,
                           const void *, cl_uint, const cl_event *, cl_event *);

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(
    cl_command_queue queue, cl_mem buffer, const void *pattern,
    size_t pattern_size, size_t offset, size_t size, cl_uint nwait,
    const cl_event *wait, cl_event *event) {
  write_fn write = (write_fn)dlsym(RTLD_NEXT, "clEnqueueWriteBuffer");
  unsigned char *host = malloc(size ? size : 1);
  if (!write || !host || !pattern_size)
    return CL_OUT_OF_HOST_MEMORY;
  for (size_t i = 0; i + pattern_size <= size; i += pattern_size)
    memcpy(host + i, pattern, pattern_size);
  cl_int err = write(queue, buffer, CL_TRUE, offset, size, host, nwait, wait, event);
  free(host);
  return err;
}
"""


def oclgrind_env(tools, log):
    """The environment that runs a program under oclgrind: what the oclgrind
    command sets (its runtime preloaded, options as OCLGRIND_* variables),
    with the fill shim preloaded before it."""
    rt = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(tools.oclgrind))),
                      "lib", "oclgrind", "liboclgrind-rt.so")
    shim = os.path.join(tools.workdir, "oclgrind-fill-shim.so")
    if not os.path.exists(shim):
        # Workers (-j) may build it at once: each builds its own files and
        # renames its result into place (the last rename wins; all are the
        # same). With one name for all, a second worker's rename found the
        # first's file gone (a harness error; CI of 2026-11-27).
        own = "%s.%d" % (shim[:-3], os.getpid())
        with open(own + ".c", "w") as fh:
            fh.write(FILL_SHIM)
        rc, _, err = run([tools.cc, "-shared", "-fPIC", "-O1", "-o", own + ".so",
                          own + ".c", "-ldl"], tools.timeout)
        if rc != 0:
            raise HarnessError("building the oclgrind fill shim failed:\n" + tail(err))
        os.replace(own + ".so", shim)
    env = dict(tools.env)
    env.update({
        "LD_PRELOAD": "%s:%s" % (shim, rt),
        "OCLGRIND_DATA_RACES": "1",
        "OCLGRIND_UNINITIALIZED": "1",
        "OCLGRIND_MAX_ERRORS": "8",
        "OCLGRIND_LOG": log,
        # oclgrind 21.10's uninitialized-value plugin stops with
        # "Unsupported instruction: freeze" on what its optimizer makes of
        # register-tiled kernels; unoptimized code also keeps every access
        "OCLGRIND_BUILD_OPTIONS": "-cl-opt-disable",
    })
    return env


def oclgrind_kernel(cl, manifest, tools, size=OCLGRIND_SIZE, sizes=None, overrides=None):
    """Runs the kernels of cl once under oclgrind --data-races
    --uninitialized, with every size parameter at size (or as given) and
    small work-groups (small_tunables): at least 2 work-groups per mapped
    dimension, the last one ragged. oclgrind exits 0 when it finds an error,
    so its log decides. Returns (None, setting) or (kind, message), kind
    'oclgrind' for a report, else the looptile-run failure kind. overrides:
    tunable values that replace the small ones (a tunable the manifest does
    not have is left to looptile-run to refuse)."""
    msizes = [a["name"] for a in manifest.get("arguments", []) if a.get("kind") == "size"]
    sets = small_tunables(manifest, dict(tools.tunables, **(overrides or {})))
    sets.update(overrides or {})
    d = ",".join("%s=%d" % (n, (sizes or {}).get(n, size)) for n in msizes)
    log = cl + ".oclgrind.log"
    if os.path.exists(log):
        os.unlink(log)
    cmd = [tools.runner, cl, "--validate", "--reps", "1", "--no-tune-cache", "--json",
           "--no-progress"]
    if d:
        cmd += ["-D", d]
    # A host loop's kernel of one work-group is the one run here (its
    # barriers are what the race check is for).
    if has_one_work_group(manifest.get("host_program", [])):
        cmd += ["--host-loops", "one-work-group"]
    if sets:
        cmd += ["--set", ",".join("%s=%d" % kv for kv in sorted(sets.items()))]
    rc, out, err = run(cmd, max(tools.timeout, 120), env=oclgrind_env(tools, log))
    text = ""
    if os.path.exists(log):
        with open(log, errors="replace") as fh:
            text = fh.read()
    setting = "%s %s" % (d, " ".join("%s=%d" % kv for kv in sorted(sets.items())))
    if text.strip():
        return "oclgrind", "at %s: %s" % (setting, "\n".join(text.strip().splitlines()[:14]))
    f = ocl_outcome(rc, out, err, [], setting, tool="oclgrind looptile-run")
    if f is not None:
        return f.kind, f.message
    return None, setting


# ---------------------------------------------------------------------------
# The generator's own check
# ---------------------------------------------------------------------------

def sanitize_program(prog, tools, combos):
    """Runs the original under AddressSanitizer + UndefinedBehaviorSanitizer
    at every size combination (the trace reports uninitialized reads).
    Returns None, or the sanitizer's report: a generator bug."""
    d = prog.dir
    drv = os.path.join(d, "san_driver.c")
    with open(drv, "w") as fh:
        fh.write(gen_driver(prog.f, [], combos, [], trace=False))
    orig = os.path.join(d, "w_orig.c")
    with open(orig, "w") as fh:
        fh.write("#define %s %s_orig\n#include \"%s\"\n" % (prog.f.name, prog.f.name,
                                                           prog.path))
    runs = [(tools.cc, ["-fsanitize=address,undefined", "-fno-sanitize-recover=all"])]
    for cc, flags in runs:
        exe = os.path.join(d, "san_driver")
        rc, _, err = run([cc, "-std=gnu11", "-O0", "-g", "-w"] + flags +
                         ["-o", exe, drv, orig, "-lm"], tools.timeout)
        if rc != 0:
            return "sanitizer build failed: " + tail(err)
        rc, out, err = run([exe], tools.timeout * 2)
        oob = parse_output(out).oobs
        if oob:
            return ("the original writes outside a buffer (guard zone): %s at %s"
                    % (oob[0]["buffer"], oob[0]["sizes"]))
        if rc != 0:
            return "%s %s: exit %s\n%s" % (os.path.basename(cc), flags[0], rc, tail(err, 20))
    return None
