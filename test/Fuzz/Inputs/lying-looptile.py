#!/usr/bin/env python3
"""A looptile that lies, for test/Fuzz/oracles.test: it runs the real one
($REAL_LOOPTILE), then calls every loop parallel in --print-deps=json and
adds 1 to the value of the first assignment in any file it writes with -o
(emitted C or OpenCL kernel), or with LIE_RETURN set only to the value the
emitted C returns. The fuzzer's oracles must notice each.

Two other lies of test/Fuzz/new-features.test, each alone: LIE_MINMAX=1
writes the kernels' MIN and MAX as OpenCL's min() and max() again (as
before issue 25 item 3: ambiguous on a long and an int); LIE_ALIAS=1 marks
every array of the manifest embedded in FILE.host.cpp read-only, so that
the host glue no longer refuses a call whose written array overlaps
another.

Two lies of the emitted C (--emit=c) for the C oracle's driver, each
alone: LIE_OOB=1 writes the element before the first array parameter's
first one (its guard zone), LIE_OOB=2 that and the +1 lie (a wrong value
too: the first thing a version did wrong names its failure); LIE_CRASH=1
traps on entry (a crash the driver must pin on the version that was
running)."""
import json
import os
import re
import subprocess
import sys

args = sys.argv[1:]
p = subprocess.run([os.environ["REAL_LOOPTILE"]] + args, capture_output=True, text=True)
sys.stderr.write(p.stderr)
out = p.stdout
if p.returncode == 0:
    only = os.environ.get("LIE_MINMAX") or os.environ.get("LIE_ALIAS")
    c_lie = os.environ.get("LIE_OOB") or os.environ.get("LIE_CRASH")
    if c_lie:
        only = True
        if "--emit=c" in args and "-o" in args:
            path = args[args.index("-o") + 1]
            with open(path) as f:
                text = f.read()
            # the function's parameter list, and its first array parameter
            m = re.search(r"^\w[^\n(]*\b\w+\(([^)]*)\)\s*\{", text, re.M)
            first = None
            for param in (m.group(1).split(",") if m else []):
                a = re.search(r"(\w+)\s*\[", param) or re.search(r"\*\s*(?:restrict\s+)?(\w+)", param)
                if a:
                    first = a.group(1)
                    break
            if m and first:
                lie = ("  ((int *)%s)[-1] = 12345;\n" % first if os.environ.get("LIE_OOB")
                       else "  __builtin_trap();\n")
                text = text[:m.end()] + "\n" + lie + text[m.end():]
                if os.environ.get("LIE_OOB") == "2":
                    text = re.sub(r"^(\s+[A-Za-z_]\w*(\[[^;=]*\])?) = ", r"\1 = 1 + ",
                                  text, count=1, flags=re.M)
                with open(path, "w") as f:
                    f.write(text)
    if "--print-deps=json" in args and not only:
        deps = json.loads(out)
        for nest in deps["nests"]:
            for loop in nest["loops"]:
                loop["parallel"] = True
                loop["reduction"] = False
        out = json.dumps(deps)
    if "-o" in args and only and not c_lie:
        path = args[args.index("-o") + 1]
        if os.environ.get("LIE_MINMAX") and path.endswith(".cl"):
            with open(path) as f:
                text = f.read()
            text = text.replace("#define MIN(a, b) ((a) < (b) ? (a) : (b))",
                                "#define MIN(a, b) min(a, b)")
            text = text.replace("#define MAX(a, b) ((a) > (b) ? (a) : (b))",
                                "#define MAX(a, b) max(a, b)")
            with open(path, "w") as f:
                f.write(text)
        host = path[:-3] + ".host.cpp"
        if os.environ.get("LIE_ALIAS") and path.endswith(".cl") and os.path.exists(host):
            with open(host) as f:
                text = f.read()
            text = re.sub(r'"access": "(inout|out)"', '"access": "in"', text)
            with open(host, "w") as f:
                f.write(text)
    elif "-o" in args and not c_lie:
        path = args[args.index("-o") + 1]
        with open(path) as f:
            text = f.read()
        if os.environ.get("LIE_RETURN"):
            # only the returned value: return s; becomes return s + 1;
            text = re.sub(r"^(\s+return [A-Za-z_]\w*);", r"\1 + 1;", text,
                          flags=re.M)
        else:
            text = re.sub(r"^(\s+[A-Za-z_]\w*(\[[^;=]*\])?) = ", r"\1 = 1 + ",
                          text, count=1, flags=re.M)
        with open(path, "w") as f:
            f.write(text)
sys.stdout.write(out)
sys.exit(p.returncode)
