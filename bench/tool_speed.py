#!/usr/bin/env python3
"""looptile's own speed with no flags (issue 28/29: the mapping stage's
time in the number of nests; tool speed per PolyBench-style file).

  bench/tool_speed.py [--looptile BIN] [--baseline BIN] [--nests 25,50,100]
                      [--reps 3] [--polybench]

Times `looptile FILE.c -o OUT.cl` (the median of --reps wall times) on
generated files of N nests (test/Driver/Inputs/many_nests.py: elementwise,
contraction, recurrence and read-back nests in turn) and, with --polybench,
on every bench/polybench/*.c. With --baseline, the same runs of a second
binary in the same invocation, and their ratio. A file the baseline takes
longer than --limit seconds on is reported as "> LIMIT" and not repeated.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def wall(binary, src, reps, limit):
    times = []
    with tempfile.TemporaryDirectory() as d:
        for _ in range(reps):
            t = time.monotonic()
            try:
                subprocess.run([binary, src, "-o", os.path.join(d, "o.cl")],
                               capture_output=True, timeout=limit)
            except subprocess.TimeoutExpired:
                return None
            times.append(time.monotonic() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--looptile", default=os.path.join(ROOT, "build/bin/looptile"))
    ap.add_argument("--baseline")
    ap.add_argument("--nests", default="25,50,100,200")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--limit", type=float, default=600)
    ap.add_argument("--polybench", action="store_true")
    a = ap.parse_args()
    files = []
    tmp = tempfile.mkdtemp(prefix="tool-speed-")
    for n in [int(x) for x in a.nests.split(",") if x]:
        path = os.path.join(tmp, f"nests{n}.c")
        subprocess.run([sys.executable, os.path.join(
            ROOT, "test/Driver/Inputs/many_nests.py"), str(n), path], check=True)
        files.append((f"{n} nests", path))
    if a.polybench:
        pb = os.path.join(ROOT, "bench/polybench")
        files += [(f, os.path.join(pb, f)) for f in sorted(os.listdir(pb))
                  if f.endswith(".c")]
    head = "| file | looptile (s) |" + (" baseline (s) | speed-up |" if a.baseline else "")
    print(head)
    print("|---|---:|" + ("---:|---:|" if a.baseline else ""))
    fmt = lambda t: f"> {a.limit:.0f}" if t is None else f"{t:.2f}"
    for name, path in files:
        new = wall(a.looptile, path, a.reps, a.limit)
        row = f"| {name} | {fmt(new)} |"
        if a.baseline:
            old = wall(a.baseline, path, 1 if a.reps > 1 else a.reps, a.limit)
            ratio = (f"{old / new:.1f}x" if old and new else
                     f"> {a.limit / new:.0f}x" if new else "-")
            row += f" {fmt(old)} | {ratio} |"
        print(row, flush=True)


if __name__ == "__main__":
    sys.exit(main())
