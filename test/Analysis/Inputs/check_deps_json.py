"""Validates looptile --print-deps=json output (stdin) against the documented
shape and prints one normalized line per nest, loop, dependence and scalar
for FileCheck. Exits non-zero on the first violation."""
import json
import sys

doc = json.load(sys.stdin)


def need(obj, key, types):
    if key not in obj:
        sys.exit("missing key %r in %r" % (key, obj))
    if not isinstance(obj[key], types) or (types is int and isinstance(obj[key], bool)):
        sys.exit("key %r has the wrong type in %r" % (key, obj))
    return obj[key]


DIRS = {"<", "=", ">", "*"}
for nest in need(doc, "nests", list):
    fn = need(nest, "function", str)
    line = need(nest, "line", int)
    print("nest %s %d" % (fn, line))
    stmts = set()
    for s in need(nest, "statements", list):
        stmts.add(need(s, "id", str))
        need(s, "line", int)
    for l in need(nest, "loops", list):
        par = need(l, "parallel", bool)
        red = need(l, "reduction", bool)
        if par and red:
            sys.exit("loop %r both parallel and reduction" % l)
        print("loop %s line %d %s" % (need(l, "var", str), need(l, "line", int),
                                      "parallel" if par else "reduction" if red else "sequential"))
    for d in need(nest, "dependences", list):
        kind = need(d, "kind", str)
        if kind not in ("flow", "anti", "output"):
            sys.exit("bad kind %r" % kind)
        src, snk = need(d, "source", str), need(d, "sink", str)
        if src not in stmts or snk not in stmts:
            sys.exit("dependence names an unknown statement: %r" % d)
        vec = need(d, "direction", list)
        if not all(v in DIRS for v in vec):
            sys.exit("bad direction %r" % vec)
        # No vector may have '>' as its first non-'=' entry.
        lead = [v for v in vec if v != "="]
        if lead and lead[0] == ">":
            sys.exit("lexicographically negative vector %r" % vec)
        print("dep %s %s %s->%s [%s]%s" % (kind, need(d, "array", str), src, snk,
                                         ",".join(vec), " assumed" if need(d, "assumed", bool) else ""))
    for s in need(nest, "scalars", list):
        print("scalar %s %s" % (need(s, "name", str), need(s, "class", str)))
print("ok")
