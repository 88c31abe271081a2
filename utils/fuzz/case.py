"""One seed's case: the program the generator makes for it, the
transformation and OpenCL requests to check, and the worker that checks
them (utils/fuzz.py's campaigns and the reducer both run seeds through
it; neither imports the other)."""
import os
import random
import shutil
import time
import traceback

from . import ast as A
from .gen import generate
from .harness import HarnessError, Program, check_program, trace_legal
from .requests import Requester


def make_case(seed, exclude, n_c, n_ocl):
    gex, rex = exclude
    f = generate(seed, gex)
    A.print_c(f)   # sets the lines the selectors use
    req = Requester(f, seed, rex)
    c_reqs = req.c_requests(n_c)
    ocl_reqs = []
    # Every program gets OpenCL requests, statements outside loops included
    # (one-work-item kernels); only ocl_friendly ones are built with
    # parallel nests.
    for _ in range(n_ocl):
        o = req.ocl_request()
        if o is not None and o not in ocl_reqs:
            ocl_reqs.append(o)
    return f, c_reqs, ocl_reqs


def dedupe(failures):
    seen, out = set(), []
    for f in failures:
        key = (f.kind, tuple(f.request), f.ocl)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def run_seed(args):
    """Worker: one seed. Returns a dict (picklable)."""
    seed, opts = args
    tools = opts["tools"]
    t0 = time.time()
    out = {"seed": seed, "failures": [], "error": None}
    workdir = os.path.join(tools.workdir, "s%d" % seed)
    tools.use_process_cache()
    try:
        f, c_reqs, ocl_reqs = make_case(seed, opts["exclude"], opts["n_c"], opts["n_ocl"])
        prog = Program(f, workdir)
        rng = random.Random(seed)
        res = check_program(prog, c_reqs, ocl_reqs, tools, rng, trace=opts["trace"])
        res.failures = dedupe(res.failures)
        legal_refused = []
        for flags, why in res.refusals:
            if trace_legal(res, prog, flags):
                legal_refused.append((flags, why))
        out.update({
            "c_requests": res.c_requests, "c_accepted": res.c_accepted,
            "c_compared": res.c_compared, "ocl_requests": res.ocl_requests,
            "ocl_accepted": res.ocl_accepted,
            "kernels_validated": res.kernels_validated,
            "oclgrind_runs": res.oclgrind_runs,
            "zero_runs": res.zero_runs, "zero_refusals": res.zero_refusals,
            "one_group_runs": res.one_group_runs,
            "alias_calls": res.alias_calls, "alias_refused": res.alias_refused,
            "scale_checks": res.scale_checks, "scale_refused": res.scale_refused,
            "verdicts_checked": res.verdicts_checked,
            "trace_parallel_missed": res.trace_parallel_missed,
            "missed_reasons": res.missed_reasons,
            "refusals": [(" ".join(fl), why) for fl, why in res.refusals],
            "legal_refused": [(" ".join(fl), why) for fl, why in legal_refused],
            "failures": [x.to_json() for x in res.failures],
            "features": sorted(feature_use(f)),
        })
        if res.failures:
            out["source"] = prog.text
    except HarnessError as e:
        out["error"] = str(e)
        try:
            out["source"] = A.print_c(generate(seed, opts["exclude"][0]))
        except Exception:
            pass
    except Exception:
        out["error"] = "harness exception:\n" + traceback.format_exc()
    out["seconds"] = time.time() - t0
    if not opts.get("keep") and not out["failures"] and not out["error"]:
        shutil.rmtree(workdir, ignore_errors=True)
    return out


def feature_use(f):
    """A few facts about a program for the campaign statistics."""
    facts = set()
    from .ast import HELPERS, Loop
    loop_decls = []

    def walk(items, depth):
        for it in items:
            if not isinstance(it, Loop):
                if it.kind == "continue":
                    facts.add("continue")
                if it.kind == "decl" and depth > 0:
                    if it.name in loop_decls:
                        facts.add("reused-decl")
                    loop_decls.append(it.name)
            if isinstance(it, Loop):
                facts.add("depth%d" % (depth + 1))
                if it.step < 0:
                    facts.add("reverse")
                if abs(it.step) == 2:
                    facts.add("step2")
                if it.start.kind != "lin" or it.limit.kind != "lin":
                    facts.add("minmax")
                if getattr(it, "host_loop", False):
                    facts.add("host-loop")
                if getattr(it, "ctype", "int") != "int":
                    facts.add("index-" + it.ctype)
                walk(it.body, depth + 1)
    walk(f.body, 0)
    if getattr(f, "zero_sizes", None):
        facts.add("zero-" + f.zero_sizes)
    if getattr(f, "size_types", None):
        facts.add("size-long")
    if getattr(f, "clamps", 0):
        facts.add("clamp")
    if getattr(f, "gathers", 0):
        facts.add("gather")
    if getattr(f, "forwarded", False):
        facts.add("forwarded")
    if getattr(f, "closure", False):
        facts.add("closure")
    if getattr(f, "steep", False):
        facts.add("steep")
    from .ast import uses_fclass
    if uses_fclass(f):
        facts.add("classify")
    if getattr(f, "early", None):
        facts.add("early-return")
    if getattr(f, "derived", None):
        facts.add("derived-size")
    if getattr(f, "minmax_calls", False):
        facts.add("minmax-helper")
    if getattr(f, "float_index", None):
        facts.add("computed-gather")
    if getattr(f, "host_rows", None):
        facts.add("host-row-reduction")
    if getattr(f, "row_strips", None):
        facts.add("row-strips")
    # a helper defined and called (its name once in its definition)
    helpers = set(getattr(f, "func_macros", ())) & set(HELPERS)
    if helpers:
        from .ast import print_c
        src = print_c(f)
        if any(src.count(h + "(") >= 2 for h in helpers):
            facts.add("helper")
    kinds = {a.kind for a in f.arrays()}
    facts |= {"array-" + k for k in kinds}
    return facts
