#!/usr/bin/env python3
"""Differential tester for looptile's transformations.

Compiles the original C function and the C that looptile emits for a list of
transformation flags as two translation units (the function renamed with
-D<name>=<name>_orig / -D<name>=<name>_xf), links them with a generated
driver, runs both on the same pseudo-random inputs at many sizes and compares
every buffer:

  * bit-identical by default (memcmp of the buffers: the transformation must
    not change a single result bit, NaN payloads included);
  * with a relative tolerance only when the caller states, with --tolerance
    REL, that the transformation reorders floating-point operations.

Every buffer is surrounded by guard zones, so an out-of-bounds write by
either version is reported as well.  in/inout buffers get the same seeded
random data in both versions; out buffers get the same deterministic pattern,
so elements that neither version writes compare equal.

Single case:
  difftest.py FILE.c [--function F] [--sizes N=1,7,33] [--tolerance 1e-5]
              [--transformed OTHER.c | -- LOOPTILE-FLAGS...]
  e.g. difftest.py examples/mmm.c -- --tile 16

All examples (the lit suite test/Differential):
  difftest.py --all-examples [--table utils/difftest-table.json]
              [--examples-dir examples]

Exit status: 0 when every comparison matched, 1 on a mismatch, a crash,
a compile failure or an unexpected looptile result, 2 on a usage error.
"""
import argparse
import glob
import itertools
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from fuzz.driver import (C_TYPES, INTEGER_TYPES, Buffer, DriverError,  # noqa: E402
                         Function, driver_text, parse_output)

# Sizes every size parameter takes (besides the tile-derived ones).
BASE_SIZES = [1, 2, 7, 16, 17, 33]
# The value the other size parameters hold while one is swept.
SWEEP_OTHERS = [7, 17]
MAX_SIZE = 70



class HarnessError(Exception):
    """A failure of the harness or of the tools it runs (not a mismatch)."""


def default_looptile():
    for cand in (os.environ.get("LOOPTILE"),
                 os.path.join(ROOT, "build", "bin", "looptile")):
        if cand and os.path.exists(cand):
            return cand
    return shutil.which("looptile") or "looptile"


def default_cc():
    return os.environ.get("CC") or shutil.which("cc") or "cc"


def run(cmd, timeout=120, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        raise HarnessError("timed out after %ss: %s" %
                           (timeout, " ".join(map(shlex.quote, cmd))))


# --------------------------------------------------------------------------
# looptile
# --------------------------------------------------------------------------

def read_signatures(looptile, src, function=None):
    cmd = [looptile, src, "--print-signature"]
    if function:
        cmd += ["--function", function]
    p = run(cmd)
    if p.returncode != 0:
        raise HarnessError("looptile --print-signature failed (exit %d):\n%s" %
                           (p.returncode, p.stderr.strip()))
    sigs, dec, text = [], json.JSONDecoder(), p.stdout
    pos = 0
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            break
        obj, pos = dec.raw_decode(text, pos)
        sigs.append(obj)
    if function:
        sigs = [s for s in sigs if s["function"] == function]
    if not sigs:
        raise HarnessError("looptile --print-signature printed no function")
    return sigs


def transform(looptile, src, flags, out_path):
    """Runs looptile; returns (ok, stderr). ok is False on a refusal."""
    p = run([looptile, src] + flags + ["--emit=c", "-o", out_path])
    if p.returncode < 0 or p.returncode > 1:
        raise HarnessError("looptile crashed or failed (exit %d) on %s:\n%s" %
                           (p.returncode, " ".join(flags), p.stderr.strip()))
    if p.returncode == 1:
        return False, p.stderr
    if not os.path.exists(out_path) or os.path.getsize(out_path) == 0:
        raise HarnessError("looptile exited 0 but emitted no C for %s" %
                           " ".join(flags))
    return True, p.stderr


def tile_sizes(flags):
    """Every number that appears as a tile or strip-mine size in the flags."""
    sizes = set()
    joined = " ".join(flags)
    for m in re.finditer(r"--(?:tile|strip-mine)[= ]([^\s]+)", joined):
        for n in re.findall(r"\d+", m.group(1)):
            sizes.add(int(n))
    return sorted(s for s in sizes if s > 0)


def size_values(tiles):
    vals = set(BASE_SIZES)
    for t in tiles:
        for v in (t - 1, t, t + 1, 2 * t + 3):
            if 1 <= v <= MAX_SIZE:
                vals.add(v)
    return sorted(vals)


def size_combos(params, values, seed, explicit=None):
    """Combinations of sizes: every value for each parameter while the others
    hold 7 or 17, all parameters equal, and a few seeded random mixes."""
    if not params:
        return [()]
    if explicit:
        lists = [explicit.get(p, values) for p in params]
        return sorted(set(itertools.product(*lists)))
    combos = set()
    for v in values:
        combos.add(tuple(v for _ in params))
    for i, _ in enumerate(params):
        for v in values:
            for other in SWEEP_OTHERS:
                c = [other] * len(params)
                c[i] = v
                combos.add(tuple(c))
    rng = random.Random(seed)
    for _ in range(6):
        combos.add(tuple(rng.choice(values) for _ in params))
    return sorted(combos)


# --------------------------------------------------------------------------
# The C driver
# --------------------------------------------------------------------------

# Every identifier the driver invents starts with this prefix, and no name of
# the tested functions may (fuzz/driver.py checks): a size parameter called
# 'c' or 'combos' must not capture one of the driver's own variables.
PREFIX = "difftest_"

# Random values: integers small, so that sums and products of a few stay in
# range; floating point in [0.5, 1.5) (positive, so that sqrt- and log-style
# code stays finite) with a full random mantissa.
RANDOM_FILL = {t: ("(%s)(@rng() %% 256u)" % t if t == "unsigned char" else
                   "(%s)((int)(@rng() %% 199u) - 99)" % t if t in INTEGER_TYPES else
                   "(%s)(0.5 + @rnd01() / 2.0)" % t) for t in C_TYPES}


def driver_function(s):
    """A signature (looptile --print-signature) as the driver's Function."""
    args = []
    for a in s["arguments"]:
        if a["kind"] == "size":
            args.append(("size", a["name"], a.get("type", "int")))
        elif a["kind"] == "scalar":
            t = C_TYPES[a["type"]]
            init = ("(%s)((int)(@rng() %% 7u) + 1)" % t if t in INTEGER_TYPES
                    else "(%s)(0.5 + @rnd01() / 2.0)" % t)
            args.append(("scalar", a["name"], t, init))
        else:
            fill = ("pattern" if a["access"] == "out" else
                    "index" if a.get("index_of") else "random")
            args.append(Buffer(a["name"], C_TYPES[a["type"]], a.get("shape") or ["1"],
                               fill, a.get("index_of")))
    derived = [(d["name"], d["value"], d.get("when"))
               for d in s.get("derived_sizes", [])]
    return Function(s["function"], args,
                    C_TYPES[s["returns"]] if s.get("returns") else None, derived)


def gen_driver(sigs, combos_by_fn, tolerance, seed):
    try:
        return driver_text([driver_function(s) for s in sigs], combos_by_fn,
                           ["orig", "xf"], RANDOM_FILL, PREFIX,
                           "the differential tester", tolerance=tolerance, seed=seed)
    except DriverError as e:
        raise HarnessError(str(e))


# --------------------------------------------------------------------------
# One case
# --------------------------------------------------------------------------

class CaseResult:
    def __init__(self, label):
        self.label = label
        self.status = "?"       # PASS, FAIL, REFUSED, SKIP, XFAIL-REFUSED
        self.runs = 0
        self.details = []


def compile_tu(cc, src, renames, obj, include_dir):
    cmd = [cc, "-std=gnu11", "-O1", "-fno-fast-math", "-ffp-contract=off",
           "-w", "-c", src, "-o", obj, "-I", include_dir]
    cmd += ["-D%s=%s" % (a, b) for a, b in renames]
    p = run(cmd)
    if p.returncode != 0:
        raise HarnessError("compiling %s failed:\n%s" % (src, p.stderr.strip()))
    if renames:
        # Only the renamed functions are the driver's: the file's other
        # functions (those not selected with --function, main) are the same
        # in both versions and must not clash when they are linked together.
        p = run(["objcopy"] + ["--keep-global-symbol=%s" % b
                               for _, b in renames] + [obj])
        if p.returncode != 0:
            raise HarnessError("objcopy on %s failed:\n%s" % (obj, p.stderr.strip()))


def where(begin):
    """'mmm M=1 N=7 K=7' -> 'function mmm, sizes M=1 N=7 K=7'."""
    fn, _, sizes = (begin or "?").partition(" ")
    return "function %s, sizes %s" % (fn, sizes or "(none)")


def run_case(src, flags, args, label=None, transformed=None):
    """Returns a CaseResult. Raises HarnessError on a tool failure."""
    res = CaseResult(label or "%s %s" % (os.path.basename(src),
                                         " ".join(flags) if flags else
                                         "vs --transformed %s" %
                                         os.path.basename(transformed)))
    workdir = tempfile.mkdtemp(prefix="difftest-")
    try:
        sigs = read_signatures(args.looptile, src, args.function)
        if transformed:
            xf = os.path.abspath(transformed)
        else:
            xf = os.path.join(workdir, "transformed.c")
            ok, err = transform(args.looptile, src, flags, xf)
            if not ok:
                res.status = "REFUSED"
                first = next((l for l in err.splitlines() if "error:" in l), "")
                res.details.append(first.strip())
                return res
        tiles = tile_sizes(flags)
        values = size_values(tiles)
        explicit = parse_sizes(args.sizes) if args.sizes else None
        combos_by_fn = {}
        for s in sigs:
            params = [a["name"] for a in s["arguments"] if a["kind"] == "size"]
            combos_by_fn[s["function"]] = size_combos(params, values, args.seed,
                                                      explicit)
        driver = os.path.join(workdir, "driver.c")
        with open(driver, "w") as f:
            f.write(gen_driver(sigs, combos_by_fn,
                               args.tolerance if args.tolerance is not None else -1,
                               args.seed))
        names = [s["function"] for s in sigs]
        inc = os.path.dirname(os.path.abspath(src))
        compile_tu(args.cc, os.path.abspath(src),
                   [(n, n + "_orig") for n in names],
                   os.path.join(workdir, "orig.o"), inc)
        compile_tu(args.cc, xf, [(n, n + "_xf") for n in names],
                   os.path.join(workdir, "xf.o"), inc)
        compile_tu(args.cc, driver, [], os.path.join(workdir, "driver.o"), inc)
        exe = os.path.join(workdir, "driver")
        p = run([args.cc, "-o", exe] +
                [os.path.join(workdir, o) for o in ("driver.o", "orig.o", "xf.o")] +
                ["-lm"])
        if p.returncode != 0:
            raise HarnessError("linking the driver failed:\n" + p.stderr.strip())
        try:
            p = subprocess.run([exe], capture_output=True, text=True,
                               timeout=args.timeout)
            stdout, rc = p.stdout, p.returncode
        except subprocess.TimeoutExpired as e:
            stdout = (e.stdout or b"").decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            rc = "timeout"
        o = parse_output(stdout)
        res.runs = o.done + (1 if o.unfinished else 0)
        failed = False
        for m in o.mismatches:
            where_ = where("%s %s" % (m["function"], m["sizes"]))
            if m["buffer"] == "return":
                res.details.append("%s: %s: the returned value differs: expected "
                                   "%s, got %s" % (res.label, where_, m["expected"], m["got"]))
            else:
                res.details.append(
                    "%s: %s: buffer '%s' first differs at index %s "
                    "(flat %s): expected %s, got %s (%s of %s elements differ)" %
                    (res.label, where_, m["buffer"], m["index"], m["flat"],
                     m["expected"], m["got"], m["count"], m["n"]))
            failed = True
        for b in o.oobs:
            res.details.append("%s: %s: the %s version wrote outside "
                               "buffer '%s'" % (res.label,
                                                where("%s %s" % (b["function"], b["sizes"])),
                                                "original" if b["version"] == "orig"
                                                else "transformed", b["buffer"]))
            failed = True
        current = ("%s %s" % (o.unfinished[0], o.unfinished[2])
                   if o.unfinished else None)
        if current is not None:
            res.details.append("%s: %s: the driver %s" % (
                res.label, where(current),
                "timed out" if rc == "timeout" else "crashed (exit %s)" % rc))
            failed = True
        elif rc not in (0, 1):
            res.details.append("driver exit %s" % rc)
            failed = True
        res.status = "FAIL" if failed else "PASS"
        return res
    finally:
        if args.keep:
            print("difftest: kept %s" % workdir, file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)


def parse_sizes(spec):
    """'N=1,7,33 M=4' or 'N=1,7;M=4' -> {'N': [1, 7, 33], 'M': [4]}."""
    out = {}
    for part in re.split(r"[;\s]+", spec.strip()):
        if not part:
            continue
        if "=" not in part:
            raise SystemExit("difftest: bad --sizes entry '%s' (want NAME=v,v)" % part)
        name, vals = part.split("=", 1)
        try:
            vs = [int(v) for v in vals.split(",") if v]
        except ValueError:
            raise SystemExit("difftest: bad --sizes values '%s'" % vals)
        if not vs or min(vs) < 1:
            raise SystemExit("difftest: sizes must be >= 1: '%s'" % part)
        out[name] = vs
    return out


# --------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------

def print_table(results):
    w1 = max([len("case")] + [len(r.label) for r in results])
    print("%-*s  %-8s  %s" % (w1, "case", "status", "size combinations"))
    print("-" * (w1 + 30))
    for r in results:
        print("%-*s  %-8s  %s" % (w1, r.label, r.status,
                                 r.runs if r.status in ("PASS", "FAIL") else "-"))
    for r in results:
        for d in r.details:
            tag = {"FAIL": "error", "REFUSED": "refused", "ERROR": "error",
                   "UNEXPECTED-REFUSAL": "error", "UNEXPECTED-PASS": "error",
                   "SKIP": "skipped", "XREFUSED": "refused (expected)"}.get(r.status, "note")
            print("%s: %s" % (tag, d))
    bad = [r for r in results if r.status in
           ("FAIL", "ERROR", "UNEXPECTED-REFUSAL", "UNEXPECTED-PASS")]
    counts = {}
    for r in results:
        counts[r.status] = counts.get(r.status, 0) + 1
    print("summary: " + ", ".join("%d %s" % (v, k) for k, v in sorted(counts.items())))
    return not bad


# --------------------------------------------------------------------------
# All examples
# --------------------------------------------------------------------------

def default_cases(looptile, src):
    """Transformations for an example the table does not list: tile the
    outermost band by 16, strip-mine the outermost loop by 7, interchange the
    two outermost loops, distribute. Refusals are reported, not failures."""
    p = run([looptile, src, "--print-deps=json"])
    loops = []
    if p.returncode == 0:
        try:
            nests = json.loads(p.stdout).get("nests", [])
        except ValueError:
            nests = []
        if nests:
            # The outermost loop of the first nest and its first child.
            for l in nests[0].get("loops", []):
                if l.get("depth") == len(loops):
                    loops.append(l["var"])
    cases = [["--tile", "16"], ["--distribute"]]
    if loops:
        cases.append(["--strip-mine", "%s=7" % loops[0]])
    if len(loops) > 1 and loops[0] != loops[1]:
        cases.append(["--interchange", "%s,%s" % (loops[0], loops[1])])
    return cases


def all_examples(args):
    table_path = args.table or os.path.join(ROOT, "test", "Differential",
                                            "examples.json")
    with open(table_path) as f:
        table = json.load(f)
    exdir = args.examples_dir or os.path.join(ROOT, "examples")
    files = sorted(glob.glob(os.path.join(exdir, "*.c")))
    if not files:
        print("difftest: no examples in %s" % exdir, file=sys.stderr)
        return 1
    results = []
    for src in files:
        base = os.path.basename(src)
        entry = table.get(base)
        if isinstance(entry, dict) and "skip" in entry:
            r = CaseResult(base)
            r.status = "SKIP"
            r.details.append("%s: %s" % (base, entry["skip"]))
            results.append(r)
            continue
        if entry is None:
            cases = [{"flags": c, "expect": "any"} for c in
                     default_cases(args.looptile, src)]
        else:
            cases = entry.get("cases", [])
        for case in cases:
            flags = case["flags"]
            if isinstance(flags, str):
                flags = shlex.split(flags)
            expect = case.get("expect", "pass")
            sub = argparse.Namespace(**vars(args))
            sub.tolerance = case.get("tolerance", args.tolerance)
            sub.sizes = case.get("sizes", args.sizes)
            sub.function = case.get("function", args.function)
            label = "%s %s" % (base, " ".join(flags))
            try:
                r = run_case(src, flags, sub, label=label)
            except HarnessError as e:
                r = CaseResult(label)
                r.status = "ERROR"
                r.details.append("%s: %s" % (label, e))
                if entry is None:
                    r.details[-1] += ("\n(%s is not in %s; if it is not a looptile "
                                      "input, add {\"skip\": \"why\"} for it)" %
                                      (base, table_path))
            if r.status == "REFUSED":
                if expect == "refused" or expect == "any":
                    r.status = "XREFUSED"
                    if expect == "any":
                        r.details[-1] += " (default transformation; not in the table)"
                else:
                    r.status = "UNEXPECTED-REFUSAL"
                    r.details[-1] = "%s: expected to be legal, looptile refused: %s" % (
                        label, r.details[-1])
            elif r.status == "PASS" and expect == "refused":
                r.status = "UNEXPECTED-PASS"
                r.details.append("%s: the table expects a refusal, but looptile "
                                 "applied it (and the results matched)" % label)
            results.append(r)
    return 0 if print_table(results) else 1


def main(argv):
    if "--" in argv:
        k = argv.index("--")
        argv, flags = argv[:k], argv[k + 1:]
    else:
        flags = None
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", help="the original C file")
    ap.add_argument("--flags", help="looptile transformation flags as one string "
                    "(alternative to '-- FLAGS...')")
    ap.add_argument("--transformed", metavar="FILE",
                    help="compare against this C file instead of running looptile")
    ap.add_argument("--function", help="only this function")
    ap.add_argument("--sizes", help="explicit sizes, e.g. 'N=1,7,33 M=4'")
    ap.add_argument("--tolerance", type=float, metavar="REL",
                    help="relative tolerance, only for transformations that "
                    "reorder floating-point operations (default: bit-identical)")
    ap.add_argument("--seed", type=int, default=20240604)
    ap.add_argument("--timeout", type=int, default=60,
                    help="seconds for one driver run")
    ap.add_argument("--all-examples", action="store_true")
    ap.add_argument("--table", help="JSON table for --all-examples")
    ap.add_argument("--examples-dir")
    ap.add_argument("--looptile", default=default_looptile())
    ap.add_argument("--cc", default=default_cc())
    ap.add_argument("--keep", action="store_true", help="keep the work directory")
    args = ap.parse_args(argv)
    if args.tolerance is not None and not (0 <= args.tolerance < 1):
        ap.error("--tolerance must be in [0, 1)")
    if args.all_examples:
        if args.file or flags or args.flags or args.transformed:
            ap.error("--all-examples takes no file or flags")
        return all_examples(args)
    if not args.file:
        ap.error("a C file is required")
    if args.flags is not None:
        flags = (flags or []) + shlex.split(args.flags)
    if not flags and not args.transformed:
        ap.error("give looptile flags after '--' (or --flags), or --transformed FILE")
    if flags and args.transformed:
        ap.error("--transformed and looptile flags exclude each other")
    try:
        r = run_case(args.file, flags or [], args, transformed=args.transformed)
    except HarnessError as e:
        print("difftest: error: %s" % e, file=sys.stderr)
        return 1
    if r.status == "REFUSED":
        r.status = "UNEXPECTED-REFUSAL"
        r.details = ["%s: looptile refused the transformation: %s" %
                     (os.path.basename(args.file), r.details[0])]
    return 0 if print_table([r]) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
