#!/usr/bin/env python3
"""A looptile-run from before sizes of 0 were valid calls (96d9cf8), for
test/Fuzz/new-features.test: a -D size of 0 is refused as the old runtime
did; anything else runs the real one ($REAL_LOOPTILE_RUN). The zero-sizes
class of the generator must notice."""
import os
import re
import sys

args = sys.argv[1:]
for i, a in enumerate(args):
    d = a[2:] if a.startswith("-D") and len(a) > 2 else (
        args[i + 1] if a == "-D" and i + 1 < len(args) else None)
    if d is None:
        continue
    for kv in d.split(","):
        m = re.match(r"(\w+)=0$", kv)
        if m:
            sys.stderr.write("looptile-run: error: size parameter %s=0 is not "
                             "positive\n" % m.group(1))
            sys.exit(2)
os.execv(os.environ["REAL_LOOPTILE_RUN"], [os.environ["REAL_LOOPTILE_RUN"]] + args)
