#!/usr/bin/env python3
"""A looptile that lies, for test/Fuzz/oracles.test: it runs the real one
($REAL_LOOPTILE), then calls every loop parallel in --print-deps=json and
adds 1 to the value of the first assignment in any file it writes with -o
(emitted C or OpenCL kernel), or with LIE_RETURN set only to the value the
emitted C returns. The fuzzer's oracles must notice each."""
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
    if "--print-deps=json" in args:
        deps = json.loads(out)
        for nest in deps["nests"]:
            for loop in nest["loops"]:
                loop["parallel"] = True
                loop["reduction"] = False
        out = json.dumps(deps)
    if "-o" in args:
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
