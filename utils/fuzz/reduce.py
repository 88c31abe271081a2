"""Automatic reduction of a failing case to a small reproducer (utils/fuzz).

Greedy passes over the syntax tree, repeated until none makes progress:
drop a nest, a statement or a loop (also a loop level, its variable replaced
by a value it takes), simplify a loop's bounds (constant trip count, step 1,
no MIN/MAX), replace an expression by one of its operands or a constant,
simplify subscripts, drop unused parameters, declarations and macros; and
drop transformation flags (one of a chain, tile and strip sizes). A variant
is kept when it passes the generator's rules (validate.py) and AddressSanitizer
and UndefinedBehaviorSanitizer on the original, and the same kind of failure
still occurs for the same request.
"""
import copy
import os
import random
import re

from . import ast as A
from .ast import Bound, Loop, Stmt
from .harness import (Failure, HarnessError, Program, Result, check_program,
                      sanitize_program, program_combos)
from .case import make_case, run_seed
from .lin import Lin
from .validate import validate

SEL = re.compile(r"\b([A-Za-z_]\w*):(\d+)\b")


def flags_template(f, flags):
    """Flags with VAR:LINE selectors replaced by ('sel', loop uid)."""
    lines = {}

    def walk(items):
        for it in items:
            if isinstance(it, Loop):
                lines[it.line] = it
                walk(it.body)
    walk(f.body)
    out = []
    for fl in flags:
        parts = []
        pos = 0
        for m in SEL.finditer(fl):
            loop = lines.get(int(m.group(2)))
            if loop is None or loop.var != m.group(1):
                continue
            parts.append(fl[pos:m.start()])
            parts.append(("sel", loop.uid))
            pos = m.end()
        parts.append(fl[pos:])
        out.append(parts)
    return out


def render_flags(f, template):
    """Flags for the current tree, or None if a selected loop is gone."""
    byuid = {}

    def walk(items):
        for it in items:
            if isinstance(it, Loop):
                byuid[it.uid] = it
                walk(it.body)
    walk(f.body)
    out = []
    for parts in template:
        s = ""
        for p in parts:
            if isinstance(p, tuple):
                loop = byuid.get(p[1])
                if loop is None:
                    return None
                s += "%s:%d" % (loop.var, loop.line)
            else:
                s += p
        out.append(s)
    return out


def signature(failure):
    """What must stay the same: the kind, and for compile errors and crashes
    the kind of message."""
    msg = failure.message if isinstance(failure, Failure) else failure["message"]
    kind = failure.kind if isinstance(failure, Failure) else failure["kind"]
    if kind == "compile":
        m = re.search(r"error: ([^\n]*)", msg)
        text = m.group(1) if m else ""
        text = re.sub(r"‘[^’]*’|'[^']*'", "X", text)
        return kind, re.sub(r"\d+", "N", text)[:60]
    if kind == "crash":
        m = re.search(r"(Assertion[^\n]*|exit \S+)", msg)
        return kind, (m.group(1)[:80] if m else "")
    return kind, ""


class Reducer:
    def __init__(self, f, failure, tools, log=None, exclude=()):
        self.f = f
        self.exclude = exclude
        self.failure = failure
        self.tools = tools
        self.ocl = failure["ocl"]
        self.kind = failure["kind"]
        A.print_c(f)
        flags = list(failure["flags"])
        if self.ocl and "-o" in flags:
            flags = flags[:flags.index("-o")]
        self.template = flags_template(f, flags)
        self.sig = signature(failure)
        self.checks = 0
        self.log = log or (lambda s: None)
        self.n = 0

    # -- the test --------------------------------------------------------------

    def fails(self, f, template):
        A.print_c(f)
        if validate(f, self.exclude) is not None:
            return False
        flags = render_flags(f, template)
        if flags is None:
            return False
        self.checks += 1
        self.n += 1
        d = os.path.join(self.tools.workdir, "reduce-%d" % self.n)
        prog = Program(f, d)
        rng = random.Random(1)
        res = Result()
        try:
            if self.kind == "verdict":
                check_program(prog, [], [], self.tools, rng, res, trace=True)
            elif self.ocl:
                saved = self.tools.use_oclgrind
                self.tools.use_oclgrind = saved and self.kind == "oclgrind"
                try:
                    check_program(prog, [], [flags], self.tools, rng, res, trace=False)
                finally:
                    self.tools.use_oclgrind = saved
            else:
                check_program(prog, [flags], [], self.tools, rng, res, trace=False)
        except HarnessError:
            return False
        ok = any(signature(x) == self.sig for x in res.failures)
        if ok:
            combos = program_combos(f, random.Random(1))
            if sanitize_program(prog, self.tools, combos) is not None:
                return False
            self.last = (prog.text, flags, [x for x in res.failures
                                            if signature(x) == self.sig][0])
        return ok

    # -- the passes ------------------------------------------------------------

    def run(self, max_checks=500):
        if not self.fails(self.f, self.template):
            return None
        progress = True
        tried = set()
        while progress and self.checks < max_checks:
            progress = False
            current = (A.print_c(self.f), str(render_flags(self.f, self.template)))
            tried.add(current)
            for cand_f, cand_t in self.candidates():
                if self.checks >= max_checks:
                    break
                key = (A.print_c(cand_f), str(render_flags(cand_f, cand_t)))
                if key in tried:
                    continue
                tried.add(key)
                if self.fails(cand_f, cand_t):
                    self.f, self.template = cand_f, cand_t
                    self.log("  reduced to %d lines (%d checks)" % (
                        A.print_c(self.f).count("\n"), self.checks))
                    progress = True
                    break
        return self.last

    def candidates(self):
        f, t = self.f, self.template
        # flags
        for i in range(len(t)):
            # drop a whole transformation: a flag and its argument
            name = "".join(p for p in t[i] if isinstance(p, str))
            if name.startswith("--") and "=" not in name and i + 1 < len(t) and \
                    name not in ("--single-work-item",) and not str(t[i + 1][0]).startswith("--"):
                yield f, t[:i] + t[i + 2:]
            elif name.startswith("--") and len(t) > 1:
                yield f, t[:i] + t[i + 1:]
        for i, parts in enumerate(t):
            for j, p in enumerate(parts):
                if isinstance(p, str):
                    for m in re.finditer(r"=(\d+)", p):
                        if int(m.group(1)) > 2:
                            np = p[:m.start(1)] + "2" + p[m.end(1):]
                            yield f, t[:i] + [parts[:j] + [np] + parts[j + 1:]] + t[i + 1:]
        # tree edits, largest first
        paths = list(item_paths(f))
        for path in paths:
            g = copy.deepcopy(f)
            remove_at(g, path)
            yield g, t
        for path in paths:
            it = get_at(f, path)
            if isinstance(it, Loop):
                for g in loop_simplifications(f, path):
                    yield g, t
        for path in paths:
            it = get_at(f, path)
            if isinstance(it, Stmt) and it.rhs is not None:
                for new in expr_simplifications(it.rhs):
                    g = copy.deepcopy(f)
                    get_at(g, path).rhs = new
                    yield g, t
            if isinstance(it, Stmt) and it.kind == "assign" and it.op != "=":
                g = copy.deepcopy(f)
                get_at(g, path).op = "="
                yield g, t
            if isinstance(it, Stmt) and it.lhs is not None and it.lhs[0] == "aref":
                for d, sub in enumerate(it.lhs[2]):
                    for ns in sub_simplifications(sub):
                        g = copy.deepcopy(f)
                        s = get_at(g, path)
                        subs = list(s.lhs[2])
                        subs[d] = ns
                        s.lhs = ("aref", s.lhs[1], subs)
                        yield g, t
        for g in unused_removals(f):
            yield g, t


def item_paths(f):
    """Paths ('decls'|'body', i, j, ...) of every item, outermost first."""
    out = []

    def walk(items, prefix):
        for i, it in enumerate(items):
            out.append(prefix + (i,))
            if isinstance(it, Loop):
                walk(it.body, prefix + (i,))
    for i in range(len(f.decls)):
        out.append(("decls", i))
    walk(f.body, ("body",))
    return out


def parent_list(f, path):
    items = f.decls if path[0] == "decls" else f.body
    for i in path[1:-1]:
        items = items[i].body
    return items


def get_at(f, path):
    return parent_list(f, path)[path[-1]]


def remove_at(f, path):
    del parent_list(f, path)[path[-1]]


def loop_simplifications(f, path):
    loop = get_at(f, path)
    # a constant trip count
    for c in (1, 2):
        g = copy.deepcopy(f)
        l = get_at(g, path)
        l.start, l.cmp, l.limit, l.step = Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.c(c)), 1
        yield g
    if abs(loop.step) != 1:
        g = copy.deepcopy(f)
        l = get_at(g, path)
        l.step = 1 if l.step > 0 else -1
        yield g
    for attr in ("start", "limit"):
        b = getattr(loop, attr)
        if b.kind != "lin":
            for p in b.parts:
                g = copy.deepcopy(f)
                setattr(get_at(g, path), attr, Bound.lin(p))
                yield g
    # drop the loop level: its body in its place, the variable replaced by a
    # value it takes (its start, when that is a constant)
    if loop.start.kind == "lin" and loop.start.parts[0].is_const():
        v = loop.start.parts[0].const
        g = copy.deepcopy(f)
        items = parent_list(g, path)
        l = items[path[-1]]
        body = [substitute(it, l.var, v) for it in l.body]
        items[path[-1]:path[-1] + 1] = body
        yield g


def substitute(it, var, value):
    """it with loop variable var replaced by the constant value."""
    def lin(l):
        return l.subst(var, Lin.c(value))

    def expr(e):
        k = e[0]
        if k == "name":
            return ("const", value) if e[1] == var else e
        if k == "aref":
            return ("aref", e[1], [lin(s) for s in e[2]])
        if k in ("paren", "neg"):
            return (k, expr(e[1]))
        if k == "mcall":
            return (k, e[1], expr(e[2]))
        if k == "fcast":
            return ("fcast", expr(e[1]), e[2])
        if k == "fclass":
            return ("fclass", e[1], expr(e[2]), e[3])
        if k == "bin":
            return ("bin", e[1], expr(e[2]), expr(e[3]))
        if k == "sel":
            return ("sel", cond(e[1]), expr(e[2]), expr(e[3]))
        return e

    def cond(c):
        return (c[0], c[1], expr(c[2]), expr(c[3]))
    if isinstance(it, Loop):
        it.start = Bound(it.start.kind, [lin(p) for p in it.start.parts])
        it.limit = Bound(it.limit.kind, [lin(p) for p in it.limit.parts])
        it.body = [substitute(x, var, value) for x in it.body]
        return it
    if it.lhs is not None:
        it.lhs = expr(it.lhs)
    if it.rhs is not None:
        it.rhs = expr(it.rhs)
    if getattr(it, "guard", None) is not None:
        it.guard = cond(it.guard)
    return it


def expr_simplifications(e):
    """Smaller expressions: a constant, an operand, each subtree simplified."""
    if e[0] != "const":
        yield ("const", 1)
    k = e[0]
    if k in ("paren", "neg", "fcast"):
        yield e[1]
        for s in expr_simplifications(e[1]):
            yield (k, s) if k != "fcast" else (k, s, e[2])
    elif k == "mcall":
        yield e[2]
        for s in expr_simplifications(e[2]):
            yield (k, e[1], s)
    elif k == "fclass":
        for s in expr_simplifications(e[2]):
            yield (k, e[1], s, e[3])
    elif k == "bin":
        if e[1] not in ("/", "%"):
            yield e[2]
            yield e[3]
        else:
            yield e[2]
        for s in expr_simplifications(e[2]):
            yield ("bin", e[1], s, e[3])
        if e[1] not in ("/", "%"):
            for s in expr_simplifications(e[3]):
                yield ("bin", e[1], e[2], s)
    elif k == "sel":
        yield e[2]
        yield e[3]
    elif k == "const" and abs(e[1]) > 1:
        yield ("const", 1)


def sub_simplifications(sub):
    if sub.const:
        yield Lin(sub.terms, 0)
    if len(sub.terms) > 1:
        for n in sorted(sub.terms):
            yield Lin({n: 1}, sub.const)
    if sub.terms:
        yield Lin.c(0)


def names_used(f):
    text = A.print_c(f)
    return set(re.findall(r"[A-Za-z_]\w*", text.split("{", 1)[1]))


def unused_removals(f):
    used = names_used(f)
    for i, p in enumerate(f.params):
        n = p[1] if p[0] != "array" else p[1].name
        if n not in used:
            g = copy.deepcopy(f)
            del g.params[i]
            yield g
    for n in sorted(f.macros):
        if n not in used:
            g = copy.deepcopy(f)
            del g.macros[n]
            yield g
    for n in sorted(getattr(f, "float_macros", ())):
        if n not in used:
            g = copy.deepcopy(f)
            g.float_macros = set(g.float_macros) - {n}
            yield g
    for n in sorted(getattr(f, "func_macros", ())):
        if n not in used:
            g = copy.deepcopy(f)
            g.func_macros = set(g.func_macros) - {n}
            yield g
    for i, p in enumerate(f.params):
        if p[0] == "array" and p[1].readonly:
            g = copy.deepcopy(f)
            g.params[i][1].readonly = False
            yield g


def reduce_seed(seed, exclude, args, tools):
    """fuzz.py --reduce SEED: runs the seed, reduces each failure (or the one
    --failure selects) and writes SEED-K.c and SEED-K.txt under --out."""
    opts = {"tools": tools, "exclude": exclude, "n_c": args.c_requests,
            "n_ocl": args.ocl_requests, "trace": not args.no_trace, "keep": False}
    r = run_seed((seed, opts))
    if r.get("error"):
        print("seed %d: harness error: %s" % (seed, r["error"]))
        return 1
    if not r["failures"]:
        print("seed %d: no failure" % seed)
        return 0
    out = args.out or "."
    os.makedirs(out, exist_ok=True)
    for k, fail in enumerate(r["failures"]):
        if args.failure is not None and k != args.failure:
            continue
        f, _, _ = make_case(seed, exclude, args.c_requests, args.ocl_requests)
        print("seed %d failure %d: %s [%s]" % (seed, k, fail["kind"], " ".join(fail["flags"])))
        red = Reducer(f, fail, tools, log=print, exclude=exclude[0])
        last = red.run()
        if last is None:
            print("  did not reproduce")
            continue
        text, flags, failure = last
        base = os.path.join(out, "seed%d-%d" % (seed, k))
        with open(base + ".c", "w") as fh:
            fh.write(text)
        with open(base + ".txt", "w") as fh:
            fh.write(describe(base + ".c", flags, failure))
        print("  %s.c (%d lines, %d checks)" % (base, text.count("\n"), red.checks))
        print("  " + describe(base + ".c", flags, failure).replace("\n", "\n  "))
    return 0


def describe(path, flags, failure):
    name = os.path.basename(path)
    lines = ["kind: %s" % failure.kind, "message: %s" % failure.message.strip()]
    if failure.ocl:
        lines.append("reproduce: build/bin/looptile %s %s -o k.cl && "
                     "build/bin/looptile-run k.cl -D ... --validate" % (name, " ".join(flags)))
    elif failure.kind == "verdict":
        lines.append("reproduce: build/bin/looptile %s --print-deps" % name)
    else:
        lines.append("reproduce: python3 utils/difftest.py %s -- %s" % (name, " ".join(flags)))
    return "\n".join(lines) + "\n"
