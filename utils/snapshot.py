#!/usr/bin/env python3
"""Records what looptile emits for every C file of the repository, and
compares a later build against the record: the check of a refactoring that
must not change any output (issue 28: kernels, manifests, glue and C
byte-identical before and after).

  utils/snapshot.py record DIR [--looptile BIN] [-j N]
  utils/snapshot.py compare DIR [--looptile BIN] [-j N]

Per C file (every tracked *.c of bench/, examples/ and test/), three runs:
no flags (-o, --print-mapping), --schedule=as-written (-o) and --emit=c
--schedule=as-written (--emit=c needs no transformation: the C as the IR
prints it). Each run's exit status, standard output, standard error and
written files are stored under DIR; compare prints every file that differs
and exits 1 if any does. Paths inside the outputs are made relative to the
run's folder first (the outputs name their own location).
"""
import argparse
import concurrent.futures
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

RUNS = {
    "auto": ["--print-mapping"],
    "written": ["--schedule=as-written"],
}


def inputs():
    out = subprocess.run(["git", "ls-files", "*.c"], cwd=ROOT, text=True,
                         capture_output=True, check=True).stdout.split()
    return sorted(p for p in out
                  if p.startswith(("bench/", "examples/", "test/")))


def run_one(looptile, src, mode):
    """The outputs of one run as {name: bytes}."""
    result = {}
    with tempfile.TemporaryDirectory(prefix="snap-") as tmp:
        if mode == "c":
            cmd = [looptile, os.path.join(ROOT, src), "--emit=c"]
        else:
            cmd = [looptile, os.path.join(ROOT, src), "-o",
                   os.path.join(tmp, "out.cl")] + RUNS[mode]
        try:
            p = subprocess.run(cmd, cwd=tmp, capture_output=True, timeout=600)
            rc, so, se = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            rc, so, se = "timeout", b"", b""
        result["rc"] = str(rc).encode()
        result["stdout"] = so
        result["stderr"] = se
        for name in sorted(os.listdir(tmp)):
            with open(os.path.join(tmp, name), "rb") as f:
                result["file." + name] = f.read()
        # The outputs name the temporary folder and the checkout.
        for k, v in result.items():
            result[k] = v.replace(tmp.encode(), b"@TMP").replace(
                ROOT.encode(), b"@ROOT")
    return result


def key(src, mode):
    return src.replace("/", "__") + "." + mode


def collect(looptile, jobs):
    work = [(s, m) for s in inputs() for m in ("auto", "written", "c")]
    out = {}
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        futs = {ex.submit(run_one, looptile, s, m): (s, m) for s, m in work}
        for f in concurrent.futures.as_completed(futs):
            out[key(*futs[f])] = f.result()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("action", choices=["record", "compare"])
    ap.add_argument("dir")
    ap.add_argument("--looptile", default=os.path.join(ROOT, "build", "bin",
                                                       "looptile"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    got = collect(os.path.abspath(a.looptile), a.j)
    if a.action == "record":
        shutil.rmtree(a.dir, ignore_errors=True)
        os.makedirs(a.dir)
        for k, files in got.items():
            d = os.path.join(a.dir, k)
            os.makedirs(d)
            for name, data in files.items():
                with open(os.path.join(d, name), "wb") as f:
                    f.write(data)
        print(f"recorded {len(got)} runs in {a.dir}")
        return 0
    differ = 0
    for k in sorted(got):
        d = os.path.join(a.dir, k)
        if not os.path.isdir(d):
            print(f"new run: {k}")
            differ += 1
            continue
        old = {n: open(os.path.join(d, n), "rb").read() for n in os.listdir(d)}
        for name in sorted(set(old) | set(got[k])):
            if old.get(name) != got[k].get(name):
                print(f"differs: {k}/{name}")
                differ += 1
    print(f"{len(got)} runs, {differ} differences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
