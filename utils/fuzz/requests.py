"""Random transformation and OpenCL requests for a generated program
(utils/fuzz). A request is a list of looptile flags; loops are named by
variable, or as VAR:LINE (a selector) where the name is ambiguous in the
function or, with feature 'selectors', at random.
"""
import random

from .ast import Loop

REQUEST_FEATURES = {
    "strip-mine": "--strip-mine",
    "interchange": "--interchange",
    "order": "--order",
    "tile": "--tile as a transformation",
    "distribute": "--distribute",
    "distribute-decls": "--distribute of a loop whose body declares a scalar or array",
    "expand": "--expand",
    "expand-band": "--expand A:L1,L2 (an array along a band of two loops)",
    "selectors": "VAR:LINE selectors where the name is not ambiguous",
    "chains": "two transformations in one request",
    "ocl-naive": "naive OpenCL kernels",
    "ocl-tile": "block-tiled kernels (--tile T -o)",
    "ocl-register-tile": "register-tiled kernels (--register-tile)",
    "register-tile-rereads": "register-tiled kernels of programs that read one "
                             "array at two subscripts in a nest",
    "ocl-single-work-item": "--single-work-item kernels",
    "alias-calls": "the aliasing-call oracle: the host glue of a program's "
                   "first validated kernel called with two overlapping arrays",
}


class LoopInfo:
    def __init__(self, loop, parent, depth, nest):
        self.loop = loop
        self.parent = parent
        self.depth = depth
        self.nest = nest
        self.children = [it for it in loop.body if isinstance(it, Loop)]

    @property
    def perfect_child(self):
        """The only item of the body, when it is a loop."""
        if len(self.loop.body) == 1 and isinstance(self.loop.body[0], Loop):
            return self.loop.body[0]
        return None


def loop_infos(f):
    out = []

    def walk(items, parent, depth, nest):
        for it in items:
            if isinstance(it, Loop):
                li = LoopInfo(it, parent, depth, nest if nest is not None else it)
                out.append(li)
                walk(it.body, it, depth + 1, li.nest)
    walk(f.body, None, 0, None)
    return out


def scalars_and_locals(f):
    names = []
    for d in f.decls:
        if d.kind == "decl":
            names.append(d.name)
        elif d.kind == "arrdecl":
            names.append(d.array.name)

    def walk(items):
        for it in items:
            if isinstance(it, Loop):
                walk(it.body)
            elif it.kind == "decl":
                names.append(it.name)
            elif it.kind == "arrdecl":
                names.append(it.array.name)
    walk(f.body)
    return names


class Requester:
    def __init__(self, f, seed, exclude=()):
        self.f = f
        self.rng = random.Random(seed * 7919 + 17)
        self.on = set(REQUEST_FEATURES) - set(exclude)
        self.infos = loop_infos(f)
        self.count = {}
        for li in self.infos:
            self.count[li.loop.var] = self.count.get(li.loop.var, 0) + 1

    def sel(self, loop):
        if self.count.get(loop.var, 0) > 1 or (
                "selectors" in self.on and self.rng.random() < 0.15):
            return "%s:%d" % (loop.var, loop.line)
        return loop.var

    def bands(self, minlen):
        """Perfectly nested bands [outer, ..., inner] of at least minlen loops."""
        out = []
        for li in self.infos:
            band = [li.loop]
            cur = li
            while True:
                c = cur.perfect_child
                if c is None:
                    break
                band.append(c)
                cur = next(x for x in self.infos if x.loop is c)
            if len(band) >= minlen:
                out.append(band)
        return out

    def one(self):
        """One transformation (a list of flags), or None."""
        r = self.rng
        kinds = [k for k in ("strip-mine", "interchange", "order", "tile",
                             "distribute", "expand") if k in self.on]
        r.shuffle(kinds)
        for k in kinds:
            flags = getattr(self, "req_" + k.replace("-", "_"))()
            if flags:
                return flags
        return None

    def req_strip_mine(self):
        r = self.rng
        if not self.infos:
            return None
        loops = r.sample(self.infos, min(len(self.infos), r.choice([1, 1, 2])))
        parts = ["%s=%d" % (self.sel(li.loop), r.choice([2, 3, 4, 5, 8, 16]))
                 for li in loops]
        return ["--strip-mine", ",".join(parts)]

    def req_interchange(self):
        bands = self.bands(2)
        if not bands:
            return None
        b = self.rng.choice(bands)
        i = self.rng.randrange(len(b) - 1)
        return ["--interchange", "%s,%s" % (self.sel(b[i]), self.sel(b[i + 1]))]

    def req_order(self):
        r = self.rng
        bands = self.bands(3)
        if not bands:
            return None
        b = r.choice(bands)
        n = r.choice([3, 4]) if len(b) >= 4 else 3
        start = r.randrange(len(b) - n + 1)
        band = b[start:start + n]
        perm = list(band)
        while perm == band:
            r.shuffle(perm)
        return ["--order", ",".join(self.sel(l) for l in perm)]

    def req_tile(self):
        r = self.rng
        if r.random() < 0.4:
            return ["--tile", str(r.choice([2, 3, 4, 8, 16]))]
        bands = self.bands(2)
        if not bands:
            return None
        b = r.choice(bands)
        n = r.choice([2, 3]) if len(b) >= 3 else 2
        start = r.randrange(len(b) - n + 1)
        return ["--tile", ",".join("%s=%d" % (self.sel(l), r.choice([2, 3, 4, 8]))
                                   for l in b[start:start + n])]

    def req_distribute(self):
        r = self.rng
        cands = [li for li in self.infos if len(li.loop.body) >= 2]
        if "distribute-decls" not in self.on:
            cands = [li for li in cands if not declares(li.loop)]
            if any(declares(li.loop) for li in self.infos):
                # a plain --distribute distributes every loop it can
                cands = [li for li in cands if li.loop.body]
                if not cands:
                    return None
                return ["--distribute=%s" % self.sel(r.choice(cands).loop)]
        if not cands:
            return None
        if r.random() < 0.3:
            return ["--distribute"]
        return ["--distribute=%s" % self.sel(r.choice(cands).loop)]

    def req_expand(self):
        r = self.rng
        if "expand-band" in self.on and r.random() < 0.3:
            band = self.expand_band()
            if band:
                return band
        names = scalars_and_locals(self.f)
        if not names:
            return None
        n = r.choice(names)
        loops = writers(self.f, n)
        if loops and r.random() < 0.7:
            return ["--expand", "%s:%s" % (n, self.sel(r.choice(loops)))]
        return ["--expand", n]

    def expand_band(self):
        """--expand A:L1,L2: an array (a local or a written parameter,
        accessed through subscripts) along two loops, the second directly in
        the first, both around a write of it (often refused: that is part of
        the test)."""
        r = self.rng
        arrays = [a.name for a in self.f.arrays() if a.kind != "ptr"]
        r.shuffle(arrays)
        for n in arrays:
            chains = []

            def walk(items, stack):
                for it in items:
                    if isinstance(it, Loop):
                        walk(it.body, stack + [it])
                        continue
                    if it.kind in ("decl", "arrdecl") or it.lhs is None:
                        continue
                    if it.lhs[0] != "name" and it.lhs[1].name == n:
                        for k in range(len(stack) - 1):
                            if stack[k + 1] in stack[k].body:
                                chains.append((stack[k], stack[k + 1]))
            walk(self.f.body, [])
            if chains:
                a, b = r.choice(chains)
                return ["--expand", "%s:%s,%s" % (n, self.sel(a), self.sel(b))]
        return None

    def c_requests(self, n):
        out = []
        for _ in range(n):
            req = self.one()
            if req is None:
                break
            if "chains" in self.on and self.rng.random() < 0.3:
                nxt = self.one()
                if nxt:
                    req = req + nxt
            if req not in out:
                out.append(req)
        return out

    def ocl_request(self):
        """Flags for one OpenCL generation (without -o), or None."""
        r = self.rng
        modes = [m for m in ("ocl-naive", "ocl-tile", "ocl-register-tile",
                             "ocl-single-work-item") if m in self.on]
        if "register-tile-rereads" not in self.on and rereads(self.f):
            modes = [m for m in modes if m != "ocl-register-tile"]
        if not modes:
            return None
        # A wavefront nest (feature wavefronts) is what the mapping stage's
        # affine scheduler takes, a stencil (row-strips) what it gives
        # strips of rows: most such programs go through with no flags (the
        # draw is made for them only, so other seeds keep their requests).
        if (getattr(self.f, "wavefront", False) or
                getattr(self.f, "closure", False) or
                getattr(self.f, "row_strips", False)) and r.random() < 0.7:
            return []
        mode = r.choice(modes)
        pre = []
        if r.random() < 0.35:
            t = self.one()
            if t and t[0] != "--tile":
                pre = t
        if mode == "ocl-naive":
            return pre
        if mode == "ocl-tile":
            return pre + ["--tile", str(r.choice([4, 8, 16]))]
        if mode == "ocl-register-tile":
            return pre + ["--tile", str(r.choice([4, 8, 16])), "--register-tile",
                          r.choice(["2", "4", "2x4", "4x2"])]
        return pre + ["--single-work-item"]


def writers(f, name):
    """The loops around a statement that writes the variable name."""
    out = []

    def walk(items, stack):
        for it in items:
            if isinstance(it, Loop):
                walk(it.body, stack + [it])
                continue
            target = None
            if it.kind == "decl":
                target = it.name
            elif it.lhs is not None:
                target = it.lhs[1] if it.lhs[0] == "name" else it.lhs[1].name
            if target == name:
                out.extend(l for l in stack if l not in out)
    walk(f.body, [])
    return out


def declares(loop):
    """True when a declaration sits anywhere in the loop's body."""
    for it in loop.body:
        if isinstance(it, Loop):
            if declares(it):
                return True
        elif it.kind in ("decl", "arrdecl"):
            return True
    return False


def rereads(f):
    """True when some nest reads one array at two different subscripts."""
    from .ast import expr_reads

    def walk(items, seen):
        for it in items:
            if isinstance(it, Loop):
                if walk(it.body, seen):
                    return True
                continue
            reads = []
            if it.rhs is not None:
                expr_reads(it.rhs, reads)
            if it.lhs is not None and it.lhs[0] == "aref" and it.kind == "assign" \
                    and it.op != "=":
                reads.append(it.lhs)
            for r in reads:
                if r[0] != "aref":
                    continue
                key = tuple(s.key() for s in r[2])
                if seen.setdefault(r[1].name, key) != key:
                    return True
        return False
    return any(walk([n], {}) for n in f.body if isinstance(n, Loop))
