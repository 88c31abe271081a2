"""The fuzzer's command line: fixed seed lists (CI), time-budgeted campaigns,
showing a seed's program and reducing a failure (utils/fuzz.py)."""
import argparse
import json
import multiprocessing
import os
import random
import re
import shutil
import sys
import time

from . import ast as A
from .case import make_case, run_seed
from .gen import FEATURES, generate
from .harness import HarnessError, Tools
from .requests import REQUEST_FEATURES

DEFAULT_C_REQUESTS = 3
DEFAULT_OCL_REQUESTS = 1


def parse_tunables(spec):
    """--tunables NAME=V,... as a dict."""
    out = {}
    for kv in spec.split(","):
        if not kv:
            continue
        name, sep, value = kv.partition("=")
        if not sep or not name or not re.fullmatch(r"-?[0-9]+", value):
            raise SystemExit("fuzz: error: --tunables wants NAME=INTEGER,...: %r" % spec)
        out[name] = int(value)
    return out


def split_exclude(spec):
    ex = [x.strip() for x in (spec or "").split(",") if x.strip()]
    unknown = [x for x in ex if x not in FEATURES and x not in REQUEST_FEATURES]
    if unknown:
        raise SystemExit("fuzz: unknown feature(s) %s; known: %s" % (
            ", ".join(unknown), ", ".join(sorted(list(FEATURES) + list(REQUEST_FEATURES)))))
    return ([x for x in ex if x in FEATURES], [x for x in ex if x in REQUEST_FEATURES])


class Stats:
    KEYS = ["c_requests", "c_accepted", "c_compared", "ocl_requests", "ocl_accepted",
            "kernels_validated", "oclgrind_runs", "verdicts_checked",
            "trace_parallel_missed", "zero_runs", "zero_refusals",
            "one_group_runs",
            "alias_calls", "alias_refused", "scale_checks", "scale_refused"]

    def __init__(self):
        self.programs = 0
        self.sums = {k: 0 for k in self.KEYS}
        self.failures = []
        self.errors = []
        self.refusal_reasons = {}
        self.legal_refused = 0
        self.legal_refused_reasons = {}
        self.missed_reasons = {}
        self.failure_kinds = {}
        self.features = {}
        self.seconds = 0.0

    def add(self, r):
        self.programs += 1
        self.seconds += r.get("seconds", 0)
        for k in self.KEYS:
            self.sums[k] += r.get(k, 0)
        for k in r.get("features", []):
            self.features[k] = self.features.get(k, 0) + 1
        for fl, why in r.get("refusals", []):
            key = reason_key(why)
            self.refusal_reasons[key] = self.refusal_reasons.get(key, 0) + 1
        for why in r.get("missed_reasons", []):
            key = reason_key(why)
            self.missed_reasons[key] = self.missed_reasons.get(key, 0) + 1
        for fl, why in r.get("legal_refused", []):
            self.legal_refused += 1
            key = reason_key(why)
            self.legal_refused_reasons[key] = self.legal_refused_reasons.get(key, 0) + 1
        for f in r.get("failures", []):
            self.failures.append((r["seed"], f))
            self.failure_kinds[f["kind"]] = self.failure_kinds.get(f["kind"], 0) + 1
        if r.get("error"):
            self.errors.append((r["seed"], r["error"]))

    def report(self, out, elapsed):
        s = self.sums
        mis = sum(v for k, v in self.failure_kinds.items()
                  if k in ("mismatch", "oob", "ocl-mismatch", "verdict", "run-crash"))
        crashes = sum(v for k, v in self.failure_kinds.items()
                      if k in ("crash", "no-diagnostic", "no-output"))
        w = out.write
        w("programs: %d (%.0f s, %.2f s per program per worker)\n" % (
            self.programs, elapsed, self.seconds / max(self.programs, 1)))
        w("C requests: %d, accepted %d, compared %d\n" % (
            s["c_requests"], s["c_accepted"], s["c_compared"]))
        w("OpenCL requests: %d, accepted %d, kernel runs validated %d, oclgrind runs %d\n"
          % (s["ocl_requests"], s["ocl_accepted"], s["kernels_validated"],
             s["oclgrind_runs"]))
        w("runs at sizes with a 0: %d, refused by the size check as expected: %d\n"
          % (s["zero_runs"], s["zero_refusals"]))
        w("validated runs of a host loop as one work-group: %d\n" % s["one_group_runs"])
        w("host glue calls with overlapping arrays: %d, refused as expected (one "
          "written): %d\n" % (s["alias_calls"], s["alias_refused"]))
        w("runs at sizes past 32-bit indices: %d, refused as expected: %d\n" % (
            s["scale_checks"], s["scale_refused"]))
        fe = self.features
        w("programs with: zero sizes (all oracles) %d, zero sizes (refusal "
          "expected) %d, clamps %d, long/unsigned/size_t loop variables "
          "%d/%d/%d, long sizes %d, host loops %d\n" % (
              fe.get("zero-clean", 0), fe.get("zero-oob", 0), fe.get("clamp", 0),
              fe.get("index-long", 0), fe.get("index-unsigned", 0),
              fe.get("index-size_t", 0), fe.get("size-long", 0),
              fe.get("host-loop", 0)))
        w("programs with: helper functions %d, continue %d, a name declared "
          "again in a later loop body %d, gathers %d, a wavefront through "
          "a scalar %d, a closure %d, a steep wavefront %d, isnan/isinf/"
          "isfinite/isnormal %d, an early return %d, derived sizes %d, "
          "min/max helper bounds %d, computed gathers %d, row reductions "
          "under a host loop %d, stencils for row strips %d\n" % (
              fe.get("helper", 0), fe.get("continue", 0),
              fe.get("reused-decl", 0), fe.get("gather", 0),
              fe.get("forwarded", 0), fe.get("closure", 0),
              fe.get("steep", 0), fe.get("classify", 0),
              fe.get("early-return", 0), fe.get("derived-size", 0),
              fe.get("minmax-helper", 0), fe.get("computed-gather", 0),
              fe.get("host-row-reduction", 0), fe.get("row-strips", 0)))
        w("verdicts checked against the trace: %d; loops parallel in the trace "
          "but not for looptile: %d\n" % (s["verdicts_checked"], s["trace_parallel_missed"]))
        for k, v in sorted(self.missed_reasons.items(), key=lambda x: -x[1])[:6]:
            w("  %5d  %s\n" % (v, k))
        w("refusals the trace shows legal (interchange/order/band tiling): %d\n"
          % self.legal_refused)
        for k, v in sorted(self.legal_refused_reasons.items(), key=lambda x: -x[1])[:8]:
            w("  %5d  %s\n" % (v, k))
        w("miscompiles (mismatch, oob, ocl-mismatch, verdict, run-crash): %d\n" % mis)
        w("crashes (crash, no-diagnostic, no-output): %d\n" % crashes)
        w("failures by kind: %s\n" % (", ".join("%s %d" % kv for kv in
                                                 sorted(self.failure_kinds.items())) or "none"))
        w("harness errors: %d\n" % len(self.errors))
        w("top refusal reasons:\n")
        for k, v in sorted(self.refusal_reasons.items(), key=lambda x: -x[1])[:12]:
            w("  %5d  %s\n" % (v, k))
        # last, so that a log cut to its tail (a CI's) still shows them
        if self.failures or self.errors:
            w("failing seeds (utils/fuzz.py --reduce SEED):\n")
            for seed, f in self.failures[:20]:
                w("  seed %d: %s%s [%s]: %s\n" % (
                    seed, "OpenCL " if f["ocl"] else "", f["kind"],
                    " ".join(f["flags"]),
                    f["message"].replace("\n", " | ")[:400]))
            for seed, e in self.errors[:5]:
                w("  seed %d: harness error: %s\n" % (seed, e.replace("\n", " | ")[:400]))


def reason_key(why):
    """A refusal message with names and numbers removed, for grouping."""
    why = re.sub(r"'[^']*'", "'X'", why)
    why = re.sub(r"\((?!assumed\))[^()]*\)", "(...)", why)
    why = re.sub(r"\d+", "N", why)
    return why[:110]


def zero_text(f):
    from .harness import zero_combos
    return "; ".join(",".join("%s=%d" % kv for kv in zip(f.sizes(), c))
                     for c in zero_combos(f.sizes()))


def parse_seeds(spec):
    out = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            out.extend(range(int(a), int(b) + 1))
        elif part:
            out.append(int(part))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="fuzz.py",
        description="Random program generator and oracles for looptile "
        "(docs/testing.md).")
    ap.add_argument("--seeds", help="seed list, e.g. 1-300 or 5,9,12")
    ap.add_argument("--budget", type=float, help="run a campaign for this many seconds")
    ap.add_argument("--start-seed", type=int, default=1)
    ap.add_argument("--jobs", "-j", type=int, default=1)
    ap.add_argument("--exclude", default="", help="comma-separated feature classes "
                    "to leave out (--list-features)")
    ap.add_argument("--list-features", action="store_true")
    ap.add_argument("--c-requests", type=int, default=DEFAULT_C_REQUESTS)
    ap.add_argument("--ocl-requests", type=int, default=DEFAULT_OCL_REQUESTS)
    ap.add_argument("--no-opencl", action="store_true")
    ap.add_argument("--no-oclgrind", action="store_true")
    ap.add_argument("--no-trace", action="store_true")
    ap.add_argument("--show", type=int, metavar="SEED",
                    help="print the program and requests of a seed")
    ap.add_argument("--reduce", type=int, metavar="SEED",
                    help="reduce the failures of a seed (reduce.py)")
    ap.add_argument("--failure", type=int, default=None,
                    help="with --reduce: only the failure with this index")
    ap.add_argument("--out", help="directory for failing cases and reductions")
    ap.add_argument("--json", help="write every seed's result to this JSON-lines file")
    ap.add_argument("--workdir")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--looptile")
    ap.add_argument("--cc")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--quiet", "-q", action="store_true")
    ap.add_argument("--oclgrind", metavar="K.cl", nargs="+",
                    help="run these generated kernels once under oclgrind (small "
                    "work-groups, ragged edges) and validate them; exit 1 on any report")
    ap.add_argument("--oclgrind-size", type=int, default=9,
                    help="with --oclgrind: the value of every size parameter")
    ap.add_argument("--oclgrind-set", metavar="NAME=V,...", default="",
                    help="with --oclgrind: these tunables' values instead of the "
                    "small ones chosen from the manifest (the others keep theirs)")
    ap.add_argument("--wg-limit", type=int, default=1024,
                    help="the work-group size limit PoCL enforces "
                    "(POCL_MAX_WORK_GROUP_SIZE; default 1024, a real GPU's)")
    ap.add_argument("--small-work-groups", action="store_true",
                    help="validate on PoCL with the small work-groups of the "
                    "oclgrind run instead of the manifest defaults")
    ap.add_argument("--tunables", metavar="NAME=V,...", default="",
                    help="validate and run under oclgrind every kernel that has "
                    "these tunables with these values (e.g. TVW=2: the "
                    "transposition's vector path), the others chosen to respect "
                    "multiple_of")
    ap.add_argument("--device", metavar="cpu|gpu|P:D",
                    help="the OpenCL device that validates the kernels "
                    "(LOOPTILE_DEVICE of every looptile-run call; default: "
                    "looptile-run's, the first GPU where there is one)")
    ap.add_argument("--looptile-run", dest="runner",
                    help="the looptile-run to use (default: next to looptile)")
    ap.add_argument("--summary", metavar="FILE.jsonl",
                    help="print the campaign summary of a --json file (e.g. of a "
                    "campaign that was stopped)")
    ap.add_argument("--check-generator", action="store_true",
                    help="with --seeds: check the generator itself (determinism, its "
                    "rules, and ASan/UBSan plus the trace's uninitialized-read check "
                    "on every program)")
    args = ap.parse_args(argv)

    if args.list_features:
        for k, v in sorted(FEATURES.items()):
            print("%-22s %s" % (k, v))
        for k, v in sorted(REQUEST_FEATURES.items()):
            print("%-22s %s (requests)" % (k, v))
        return 0
    if args.summary:
        stats = Stats()
        with open(args.summary) as fh:
            for line in fh:
                r = json.loads(line)
                stats.add(r)
        stats.report(sys.stdout, stats.seconds)
        return 0
    exclude = split_exclude(args.exclude)
    if args.show is not None:
        f, c_reqs, ocl_reqs = make_case(args.show, exclude, args.c_requests,
                                        args.ocl_requests)
        sys.stdout.write(A.print_c(f))
        for r in c_reqs:
            print("// C request: %s" % " ".join(r))
        for r in ocl_reqs:
            print("// OpenCL request: %s -o K.cl" % " ".join(r))
        if f.zero_sizes:
            print("// zero sizes: %s" % {
                "clean": "every oracle also at %s" % zero_text(f),
                "oob": "OpenCL at %s, a size-check refusal expected" % zero_text(f),
            }[f.zero_sizes])
        return 0
    tools = Tools(looptile=args.looptile, runner=args.runner, cc=args.cc,
                  opencl=not args.no_opencl,
                  use_oclgrind=not args.no_oclgrind, workdir=args.workdir,
                  timeout=args.timeout, wg_limit=args.wg_limit,
                  small_work_groups=args.small_work_groups,
                  tunables=parse_tunables(args.tunables), device=args.device)
    tools.alias_calls = "alias-calls" not in exclude[1]
    if args.oclgrind:
        try:
            overrides = dict((n, int(v)) for n, v in
                             (kv.split("=", 1) for kv in args.oclgrind_set.split(",") if kv))
        except ValueError:
            print("fuzz: error: --oclgrind-set wants NAME=INTEGER,...: %r" % args.oclgrind_set)
            return 2
        return oclgrind_files(args.oclgrind, tools, args.oclgrind_size, overrides)
    if args.check_generator:
        if not args.seeds:
            ap.error("--check-generator needs --seeds")
        return check_generator(parse_seeds(args.seeds), exclude, tools, args.jobs)
    if args.reduce is not None:
        from .reduce import reduce_seed
        return reduce_seed(args.reduce, exclude, args, tools)
    if not args.seeds and not args.budget:
        ap.error("give --seeds, --budget, --show or --reduce")
    opts = {"tools": tools, "exclude": exclude, "n_c": args.c_requests,
            "n_ocl": args.ocl_requests, "trace": not args.no_trace, "keep": args.keep}
    stats = Stats()
    jl = open(args.json, "w") if args.json else None
    t0 = time.time()
    seeds = parse_seeds(args.seeds) if args.seeds else None

    def seed_iter():
        if seeds is not None:
            for s in seeds:
                yield (s, opts)
        else:
            s = args.start_seed
            while time.time() - t0 < args.budget:
                yield (s, opts)
                s += 1

    def handle(r):
        stats.add(r)
        if jl:
            jl.write(json.dumps(r) + "\n")
            jl.flush()
        bad = r["failures"] or r["error"]
        if bad or not args.quiet:
            tag = "FAIL" if r["failures"] else ("ERROR" if r["error"] else "ok")
            print("seed %d: %s (%.1f s)" % (r["seed"], tag, r["seconds"]), flush=True)
        for f in r["failures"]:
            print("  %s%s [%s]: %s" % ("OpenCL " if f["ocl"] else "", f["kind"],
                                       " ".join(f["flags"]),
                                       f["message"].replace("\n", "\n    ")[:1500]),
                  flush=True)
        if r["error"]:
            print("  harness error: %s" % r["error"][:2000], flush=True)
        if bad and args.out:
            os.makedirs(args.out, exist_ok=True)
            with open(os.path.join(args.out, "seed%d.json" % r["seed"]), "w") as fh:
                json.dump(r, fh, indent=1)

    if args.jobs > 1:
        # at most 2 seeds per worker in flight, so that a time budget stops
        # the campaign promptly
        with multiprocessing.Pool(args.jobs) as pool:
            pending = []
            it = seed_iter()
            exhausted = False
            while pending or not exhausted:
                while not exhausted and len(pending) < 2 * args.jobs:
                    try:
                        pending.append(pool.apply_async(run_seed, (next(it),)))
                    except StopIteration:
                        exhausted = True
                done = [p for p in pending if p.ready()]
                if not done:
                    time.sleep(0.05)
                    continue
                for p in done:
                    pending.remove(p)
                    handle(p.get())
    else:
        for a in seed_iter():
            handle(run_seed(a))
    elapsed = time.time() - t0
    stats.report(sys.stdout, elapsed)
    if jl:
        jl.close()
    if not args.keep and not args.workdir:
        shutil.rmtree(tools.workdir, ignore_errors=True)
    return 1 if (stats.failures or stats.errors) else 0


def oclgrind_files(files, tools, size, overrides=None):
    from .harness import oclgrind_kernel
    if not tools.oclgrind:
        print("fuzz: error: oclgrind is not installed (Debian package oclgrind)")
        return 2
    bad = 0
    for cl in files:
        try:
            with open(cl[:-3] + ".json") as fh:
                manifest = json.load(fh)
        except (OSError, ValueError) as e:
            print("%s: ERROR: no manifest: %s" % (cl, e))
            bad += 1
            continue
        kind, msg = oclgrind_kernel(os.path.abspath(cl), manifest, tools, size,
                                    overrides=overrides)
        if kind is None:
            print("%s: oclgrind clean, validated (%s)" % (os.path.basename(cl), msg.strip()))
        else:
            bad += 1
            print("%s: %s: %s" % (os.path.basename(cl), kind.upper(), msg))
    if not tools.workdir_given:
        shutil.rmtree(tools.workdir, ignore_errors=True)
    return 1 if bad else 0


def check_one(a):
    seed, exclude, tools = a
    from .harness import Program, sanitize_program, program_combos, run_driver, Result
    from .validate import validate
    f = generate(seed, exclude[0])
    text = A.print_c(f)
    if A.print_c(generate(seed, exclude[0])) != text:
        return seed, "not deterministic"
    v = validate(f, exclude[0])
    if v:
        return seed, "breaks its own rule: " + v
    prog = Program(f, os.path.join(tools.workdir, "g%d" % seed))
    combos = program_combos(f, random.Random(seed))
    r = sanitize_program(prog, tools, combos)
    if r:
        return seed, r
    try:
        # the trace run checks that no local is read before it is written
        res = Result()
        run_driver(prog, [], combos, {"nests": []}, tools, res, True)
    except HarnessError as e:
        return seed, str(e)
    shutil.rmtree(prog.dir, ignore_errors=True)
    return seed, None


def check_generator(seeds, exclude, tools, jobs):
    """Every seed's program: deterministic, within the generator's rules
    (validate.py), clean under AddressSanitizer and UndefinedBehaviorSanitizer
    at every size combination, no uninitialized read in the trace."""
    work = [(s, exclude, tools) for s in seeds]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(check_one, work)
    else:
        results = [check_one(w) for w in work]
    bad = [(s, e) for s, e in results if e]
    for s, e in bad:
        print("seed %d: GENERATOR BUG: %s" % (s, e))
    print("generator: %d programs, %d clean" % (len(results), len(results) - len(bad)))
    shutil.rmtree(tools.workdir, ignore_errors=True)
    return 1 if bad else 0
