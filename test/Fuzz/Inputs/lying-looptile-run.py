#!/usr/bin/env python3
"""A looptile-run from before sizes of 0 were valid calls (96d9cf8), for
test/Fuzz/new-features.test: a -D size of 0 is refused as the old runtime
did; anything else runs the real one ($REAL_LOOPTILE_RUN). The zero-sizes
class of the generator must notice.

With LIE_SCALE set it lies otherwise, as a runtime without the refusal of
sizes past 32-bit indices (test/Fuzz/oracles.test): a -D size of 1291 or
more exits 0 as if it had run; anything else runs the real one."""
import os
import re
import sys

args = sys.argv[1:]
scale = os.environ.get("LIE_SCALE")
for i, a in enumerate(args):
    d = a[2:] if a.startswith("-D") and len(a) > 2 else (
        args[i + 1] if a == "-D" and i + 1 < len(args) else None)
    if d is None:
        continue
    for kv in d.split(","):
        if scale:
            if int(kv.split("=")[1]) >= 1291:
                sys.exit(0)
            continue
        m = re.match(r"(\w+)=0$", kv)
        if m:
            sys.stderr.write("looptile-run: error: size parameter %s=0 is not "
                             "positive\n" % m.group(1))
            sys.exit(2)
os.execv(os.environ["REAL_LOOPTILE_RUN"], [os.environ["REAL_LOOPTILE_RUN"]] + args)
