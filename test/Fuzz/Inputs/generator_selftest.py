"""The generator's checks can fail (test/Fuzz/generator.test): a program
with an out-of-bounds subscript, one that reads a local before writing it
and one whose sum may overflow are each rejected by validate(); the first is
also caught by AddressSanitizer, the second by the trace."""
import os
import random
import sys

sys.path.insert(0, sys.argv[1])
from fuzz import ast as A                                   # noqa: E402
from fuzz.ast import Array, Bound, Func, Loop, Stmt         # noqa: E402
from fuzz.harness import (HarnessError, Program, Result, Tools,  # noqa: E402
                          run_driver, sanitize_program, size_combos)
from fuzz.lin import Lin                                    # noqa: E402
from fuzz.validate import validate                          # noqa: E402


def program(sub, rhs, local=False):
    f = Func("f")
    f.params.append(("size", "N"))
    a = Array("A", [Lin({"N": 1})], "vla")
    f.params.append(("array", a))
    if local:
        f.decls.append(Stmt("decl", name="s"))
    loop = Loop("i", Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.var("N")), 1)
    loop.body.append(Stmt("assign", lhs=("aref", a, [sub]), op="=", rhs=rhs))
    f.body.append(loop)
    return f


tools = Tools(opencl=False, workdir=sys.argv[2], cc=sys.argv[3])
combos = size_combos(["N"], random.Random(1))
cases = {
    "oob": program(Lin.var("i") + 1, ("const", 1)),
    "uninit": program(Lin.var("i"), ("name", "s"), local=True),
    "overflow": program(Lin.var("i"), ("bin", "*", ("aref", None, None), ("const", 2))),
}
# A[i] * 2 where A holds up to 2^24: the product may exceed the bound on sums
ov = cases["overflow"]
arr = ov.params[1][1]
ov.body[0].body[0].rhs = ("bin", "*", ("aref", arr, [Lin.var("i")]),
                          ("bin", "*", ("aref", arr, [Lin.var("i")]), ("const", 100)))
# A[-c + n - 1] with an unsigned c and a long n: C computes -c in unsigned
# and widens it, 2^32 too large; (Q + 1)[(0*(n + 1) + c) - 1] with an
# unsigned n is -1 as an unsigned int at c = 0, 2^32 - 1 too large
wrap = Func("f")
wrap.params.append(("size", "n"))
wrap.size_types = {"n": "long"}
wa = Array("A", [Lin({"n": 1})], "vla")
wrap.params.append(("array", wa))
wl = Loop("c", Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.var("n")), 1)
wl.ctype = "unsigned"
wl.body.append(Stmt("assign", lhs=("aref", wa, [Lin({"c": -1, "n": 1}, -1)]), op="=",
                    rhs=("const", 1)))
wrap.body.append(wl)
cases["wrap"] = wrap
neg = Func("f")
neg.params.append(("size", "n"))
neg.size_types = {"n": "unsigned"}
pa = Array("Q", [Lin.c(2), Lin({"n": 1}, 1)], "ptr")
neg.params.append(("array", pa))
nl = Loop("c", Bound.lin(Lin.c(0)), "<", Bound.lin(Lin.c(2)), 1)
nl.body.append(Stmt("assign", lhs=("aref", pa, [Lin.c(0), Lin.var("c")]), op="=",
                    rhs=("const", 1)))
neg.body.append(nl)
cases["negative"] = neg
print("negative: spelled %s" % A.aref_str(pa, [Lin.c(0), Lin.var("c")]))
for name, f in cases.items():
    A.print_c(f)
    print("%s: validate: %s" % (name, validate(f)))
prog = Program(cases["oob"], os.path.join(sys.argv[2], "oob"))
r = sanitize_program(prog, tools, combos)
print("oob: sanitizer: %s" % r)
prog = Program(cases["uninit"], os.path.join(sys.argv[2], "uninit"))
try:
    run_driver(prog, [], combos, {"nests": []}, tools, Result(), True)
    print("uninit: trace: nothing")
except HarnessError as e:
    print("uninit: trace: %s" % str(e).split(":")[0])
