#!/usr/bin/env python3
"""The issue-7 benchmark driver: looptile's generated SGEMM and transpose
kernels against cuBLAS, CLBlast and the device copy bandwidth, in one run on
one device.

Two steps, on two machines:

  prepare (development machine, which has the looptile compiler and a C
  compiler): generates the kernels, builds the reference shims, copies the
  runtime and benchmark binaries and CLBlast's shared library into one folder
  (default build/gpu), and lists every command in GPU_DIR/prepare.json:

      bench/run_bench.py prepare [--gpu-dir build/gpu]
          [--looptile build/bin/looptile] [--bin build/bin]
          [--no-fetch-clblast]

  run (GPU machine, no compiler needed; also the --smoke test on PoCL),
  from the repository root with GPU_DIR copied over, e.g.
  `python3 bench/run_bench.py run --gpu-dir build/gpu --out "$OUT"`:
  measures every part, each command under a time limit, and writes the raw
  JSON into OUT (default $OUT, else /tmp/looptile-bench), one file per part
  (copy, transpose, sgemm, clblast, cublas .jsonl) plus env.json and
  tables.md (bench/report.py's tables, no plot):

      bench/run_bench.py run [--gpu-dir build/gpu] [--out DIR]
          [--device gpu|cpu|P:D] [--smoke] [--budget SECONDS]
          [--parts copy,transpose,sgemm,clblast,cublas]

  On a machine with NVIDIA's driver (full mode), it first registers NVIDIA's
  OpenCL ICD (/etc/OpenCL/vendors/nvidia.icd -> libnvidia-opencl.so.1) when
  that file is missing. --smoke uses tiny sizes (64, 65), 2 repetitions and
  the CPU device, for the lit test (test/Bench) on PoCL.

A failing or timed-out command never stops the others: it is recorded with
its exit status and the tail of its stderr. Every record is written as soon
as its command ends, so a killed run keeps what it measured. Exit status 0
when every command ran and succeeded or its part could not run here
(skipped: no CLBlast, no torch/CUDA), 1 when a command failed, timed out or
was skipped because the time budget was spent.
"""
import argparse
import datetime
import json
import os
import platform
import shlex
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# The generated kernels: name -> (source, looptile options). The SGEMMs are
# built with --fp-contract=fast, as cuBLAS and CLBlast compute (fused
# multiply-adds) and as RESULTS.md was measured (contraction was OpenCL's
# default then); looptile's default rounds twice as C does, which costs
# compute-bound kernels FMA throughput. Validation then uses the tolerance.
FMA = ["--fp-contract=fast"]
SGEMM_KERNELS = [
    # --schedule=as-written: the naive kernel as the loops are written (with
    # no flags the mapping stage register-tiles a contraction).
    ("mmm_naive", "examples/mmm.c", ["--schedule=as-written"] + FMA),
    ("mmm_block", "examples/mmm.c", ["--tile", "16"] + FMA),
    ("mmm_reg4", "examples/mmm.c", ["--tile", "16", "--register-tile", "4"] + FMA),
    ("mmm_reg8", "examples/mmm.c", ["--tile", "16", "--register-tile", "8"] + FMA),
]
TRANSPOSE_KERNELS = [
    ("tr_naive", "examples/transpose.c", ["--schedule=as-written"]),
    ("tr_tile16", "examples/transpose.c", ["--tile", "16"]),
    ("tr_tile32", "examples/transpose.c", ["--tile", "32"]),
]
# Reference shims: name -> the kernel whose manifest names the C function.
REFERENCES = [("mmm_ref", "mmm_naive"), ("tr_ref", "tr_naive")]
BINARIES = ["looptile-run", "looptile-bench-copy", "looptile-bench-clblast"]

# Sizes: (M, N, K) for SGEMM, (height, width) for the transposes.
FULL_SGEMM = [(512, 512, 16), (512, 512, 32), (512, 512, 512),
              (511, 513, 512), (1024, 1024, 1024), (2048, 2048, 2048),
              (4096, 4096, 4096), (8192, 8192, 8192), (4095, 4097, 4093)]
FULL_TRANSPOSE = [(4096, 4096), (8192, 8192)]
SMOKE_SGEMM = [(64, 64, 64), (65, 65, 65)]
SMOKE_TRANSPOSE = [(64, 64), (65, 63)]
VALIDATE_MAX_FLOPS = 2 * 1024 ** 3  # validate SGEMM up to 1024^3
PARTS = ["copy", "transpose", "sgemm", "tune", "clblast", "cublas"]
# looptile-run --tune of the register-tiled kernel: shapes and candidates.
FULL_TUNE = [(4096, 4096, 4096), (1024, 1024, 1024), (512, 512, 512)]
SMOKE_TUNE = [(65, 65, 65)]
TUNE_KERNEL = "mmm_reg8"
SKIP_STATUS = 77  # a part that cannot run here (no torch, no CLBlast)


def sgemm_reps(m, n, k, smoke):
    """Fewer repetitions where one run is long (2048^3, 4096^3)."""
    if smoke:
        return 2
    return 20 if 2 * m * n * k <= VALIDATE_MAX_FLOPS else 10


def log(msg):
    print(f"[run_bench] {msg}", file=sys.stderr, flush=True)


def rel(path):
    """Path relative to the repository root when inside it (for commands
    recorded in RESULTS.md)."""
    p = os.path.abspath(path)
    return os.path.relpath(p, ROOT) if p.startswith(ROOT + os.sep) else p


# --------------------------------------------------------------- prepare ---

def prepare(args):
    gpu = os.path.abspath(args.gpu_dir)
    kdir = os.path.join(gpu, "kernels")
    for d in ("bin", "lib", "kernels"):
        os.makedirs(os.path.join(gpu, d), exist_ok=True)
    commands = []

    def run(cmd):
        commands.append(" ".join(shlex.quote(rel(c) if os.sep in c else c)
                                 for c in cmd))
        log(commands[-1])
        subprocess.run(cmd, check=True, cwd=ROOT)  # a failure stops prepare

    looptile = os.path.abspath(args.looptile)
    if not os.access(looptile, os.X_OK):
        log(f"error: no looptile compiler at {looptile} (build it, or give "
            "--looptile PATH)")
        return 2
    looptile_run = os.path.join(os.path.abspath(args.bin), "looptile-run")
    for name, src, opts in SGEMM_KERNELS + TRANSPOSE_KERNELS:
        run([looptile, src] + opts + ["-o", os.path.join(kdir, name + ".cl")])
    for ref, kernel in REFERENCES:
        run([looptile_run, os.path.join(kdir, kernel + ".cl"),
             "--build-reference", os.path.join(kdir, ref + ".so")])

    present = []
    for b in BINARIES:
        src = os.path.join(os.path.abspath(args.bin), b)
        dst = os.path.join(gpu, "bin", b)
        if os.path.exists(src):
            shutil.copy2(src, dst)
            present.append(b)
        else:
            if os.path.exists(dst):
                os.remove(dst)
            log(f"{b} not built; its part will be skipped"
                + (" (CLBlast not found at configure time)"
                   if b == "looptile-bench-clblast" else ""))
    if "looptile-bench-clblast" in present and not args.no_fetch_clblast:
        run([os.path.join(HERE, "fetch-clblast.sh"), os.path.join(gpu, "lib")])

    def git(where, *a):
        try:
            return subprocess.run(["git", "-C", where, *a],
                                  capture_output=True, text=True,
                                  timeout=30).stdout.strip() or None
        except (OSError, subprocess.SubprocessError):
            return None
    # The kernels come from the looptile binary's checkout, which need not
    # be this one (e.g. /work/main's build used from a worktree).
    ldir = os.path.dirname(looptile)
    info = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
        "host": platform.node(),
        "commit": git(ROOT, "rev-parse", "HEAD"),
        "dirty": bool(git(ROOT, "status", "--porcelain",
                          "--untracked-files=no")),
        "looptile": looptile,
        "looptile_commit": git(ldir, "rev-parse", "HEAD"),
        "looptile_dirty": bool(git(ldir, "status", "--porcelain",
                                   "--untracked-files=no")),
        "commands": commands,
        "binaries": present,
    }
    with open(os.path.join(gpu, "prepare.json"), "w") as f:
        json.dump(info, f, indent=1)
    print("\n".join(commands))
    log(f"prepared {rel(gpu)} ({du(gpu)})")
    return 0


def du(path):
    total = 0
    for d, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(d, f)) for f in files)
    return f"{total / 2**20:.1f} MiB"


# ------------------------------------------------------------------- run ---

class Runner:
    """Runs commands under the time budget and appends one JSON record per
    command to OUT/<part>.jsonl."""

    def __init__(self, out, budget, env):
        self.out, self.env = out, env
        self.deadline = time.monotonic() + budget
        self.failures = 0

    def remaining(self):
        return self.deadline - time.monotonic()

    def record(self, part, rec):
        with open(os.path.join(self.out, part + ".jsonl"), "a") as f:
            f.write(json.dumps(rec) + "\n")

    def skip(self, part, name, reason, case=None):
        log(f"{part}: {name}: skipped: {reason}")
        self.record(part, {"part": part, "name": name, "case": case,
                           "status": "skipped", "reason": reason})

    def run(self, part, name, case, cmd, limit=120, multi=False):
        """Runs cmd; its JSON lines on stdout become result(s). With multi,
        returns the list of JSON objects and leaves recording to the caller."""
        rec = {"part": part, "name": name, "case": case,
               "cmd": " ".join(shlex.quote(rel(c) if os.sep in c else c)
                               for c in cmd)}
        left = self.remaining()
        if left < 5:
            rec.update(status="skipped", reason="time budget spent")
            log(f"{part}: {name} {case}: skipped (time budget spent)")
            self.failures += 1  # an incomplete benchmark is not a success
            self.record(part, rec)
            return rec
        t0 = time.monotonic()
        timed_out = False
        try:
            # Its own process group, so that a timeout ends its children too.
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True,
                                 env=self.env, cwd=ROOT,
                                 start_new_session=True)
            try:
                stdout, stderr = p.communicate(timeout=min(limit, left))
                rc = p.returncode
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                stdout, stderr = p.communicate()
                rc, timed_out = None, True
                stderr += f"\nkilled after {min(limit, left):.0f} s"
        except OSError as e:
            rc, stdout, stderr = None, "", str(e)
        rec["seconds"] = round(time.monotonic() - t0, 3)
        rec["rc"] = rc
        results = []
        for line in stdout.splitlines():
            if line.startswith("{"):
                try:
                    results.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
        if rc is None:
            rec["status"] = "timeout" if timed_out else "error"
        elif rc == SKIP_STATUS:
            rec["status"] = "skipped"
            rec["reason"] = stderr.strip().splitlines()[-1] if stderr.strip() else "skipped"
        elif rc == 0:
            rec["status"] = "ok"
        elif rc == 1 and results:
            rec["status"] = "invalid"  # ran, but the result was wrong
        else:
            rec["status"] = "error"
        if rec["status"] in ("timeout", "error", "invalid"):
            rec["stderr_tail"] = stderr[-2000:]
            self.failures += 1
        log(f"{part}: {name} {case or ''}: {rec['status']}"
            f" ({rec['seconds']} s)"
            + (": " + stderr.strip().splitlines()[-1]
               if rec["status"] != "ok" and stderr.strip() else ""))
        if multi:
            rec["results"] = results
        else:
            rec["result"] = results[0] if results else None
        self.record(part, rec)
        return rec


def register_nvidia_icd():
    """NVIDIA's OpenCL is invisible to the ICD loader until registered."""
    icd = "/etc/OpenCL/vendors/nvidia.icd"
    if os.path.exists(icd):
        return f"{icd} present"
    try:
        os.makedirs(os.path.dirname(icd), exist_ok=True)
        with open(icd, "w") as f:
            f.write("libnvidia-opencl.so.1\n")
        return f"registered {icd}"
    except OSError as e:
        return f"could not register {icd}: {e}"


def capture(cmd, env):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60,
                              env=env).stdout.strip()
    except (OSError, subprocess.SubprocessError) as e:
        return f"unavailable: {e}"


def run_all(args):
    gpu = os.path.abspath(args.gpu_dir)
    bindir, kdir = os.path.join(gpu, "bin"), os.path.join(gpu, "kernels")
    out = os.path.abspath(args.out or os.environ.get("OUT")
                          or "/tmp/looptile-bench")
    os.makedirs(out, exist_ok=True)
    for p in PARTS:  # a fresh run never mixes with an older one
        if os.path.exists(os.path.join(out, p + ".jsonl")):
            os.remove(os.path.join(out, p + ".jsonl"))
    smoke = args.smoke
    device = args.device or ("cpu" if smoke else "gpu")
    parts = args.parts.split(",") if args.parts else PARTS
    for p in parts:
        if p not in PARTS:
            log(f"unknown part '{p}' (known: {', '.join(PARTS)})")
            return 2

    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = os.pathsep.join(
        [os.path.join(gpu, "lib")] + ([env["LD_LIBRARY_PATH"]]
                                      if env.get("LD_LIBRARY_PATH") else []))
    env.pop("LOOPTILE_DEVICE", None)
    started = time.monotonic()

    info = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(),
            "host": platform.node(), "smoke": smoke, "device_spec": device,
            "parts": parts}
    nvidia = shutil.which("nvidia-smi") is not None
    if not smoke and nvidia:
        info["icd"] = register_nvidia_icd()
    if nvidia:
        info["nvidia_smi"] = capture(
            ["nvidia-smi", "--query-gpu=name,driver_version,memory.total,"
             "clocks.max.sm", "--format=csv,noheader"], env)
    runner = Runner(out, args.budget, env)
    R = os.path.join(bindir, "looptile-run")
    info["devices"] = capture([R, "--list-devices"], env)
    try:
        with open(os.path.join(gpu, "prepare.json")) as f:
            info["prepare"] = json.load(f)
    except (OSError, ValueError) as e:
        info["prepare"] = f"unavailable: {e}"
    with open(os.path.join(out, "env.json"), "w") as f:
        json.dump(info, f, indent=1)
    log(f"device {device}; raw results in {out}")

    sgemm_shapes = SMOKE_SGEMM if smoke else FULL_SGEMM
    tr_shapes = SMOKE_TRANSPOSE if smoke else FULL_TRANSPOSE

    def have(binary, part):
        if os.path.exists(os.path.join(bindir, binary)):
            return True
        why = (" (CLBlast was not found when building; it is optional)"
               if binary == "looptile-bench-clblast" else "")
        runner.skip(part, binary, f"{binary} is not in {rel(bindir)}{why}")
        return False

    if "copy" in parts and have("looptile-bench-copy", "copy"):
        for h, w in tr_shapes:
            runner.run("copy", "copy", {"height": h, "width": w},
                       [os.path.join(bindir, "looptile-bench-copy"),
                        str(4 * h * w), "--device", device,
                        "--reps", "2" if smoke else "20"], limit=60)

    if "transpose" in parts and have("looptile-run", "transpose"):
        for name, _, _ in TRANSPOSE_KERNELS:
            for h, w in tr_shapes:
                runner.run("transpose", name, {"height": h, "width": w},
                           [R, os.path.join(kdir, name + ".cl"),
                            "-D", f"height={h},width={w}", "--device", device,
                            "--json", "--no-progress",
                            "--reps", "2" if smoke else "20", "--validate",
                            "--reference", os.path.join(kdir, "tr_ref.so")],
                           limit=90)

    if "sgemm" in parts and have("looptile-run", "sgemm"):
        for name, _, _ in SGEMM_KERNELS:
            for m, n, k in sgemm_shapes:
                cmd = [R, os.path.join(kdir, name + ".cl"),
                       "-D", f"M={m},N={n},K={k}", "--device", device,
                       "--json", "--no-progress",
                       "--reps", str(sgemm_reps(m, n, k, smoke))]
                if 2 * m * n * k <= VALIDATE_MAX_FLOPS:
                    cmd += ["--validate", "--reference",
                            os.path.join(kdir, "mmm_ref.so")]
                runner.run("sgemm", name, {"M": m, "N": n, "K": k}, cmd,
                           limit=120)

    if "tune" in parts and have("looptile-run", "tune"):
        # Search, store in a cache of this run's own, then a plain run at the
        # same shape that picks the cached setting up (recorded as an SGEMM
        # kernel, "<kernel>_tuned").
        cache = os.path.join(out, "tuning.json")
        if os.path.exists(cache):
            os.remove(cache)
        runner.env["LOOPTILE_TUNE_CACHE"] = cache
        kernel = os.path.join(kdir, TUNE_KERNEL + ".cl")
        for m, n, k in (SMOKE_TUNE if smoke else FULL_TUNE):
            sizes = f"M={m},N={n},K={k}"
            runner.run("tune", TUNE_KERNEL, {"M": m, "N": n, "K": k},
                       [R, kernel, "-D", sizes, "--device", device, "--tune",
                        "--tune-budget", "3" if smoke else str(args.tune_budget),
                        "--json", "--no-progress", "--reference",
                        os.path.join(kdir, "mmm_ref.so")], limit=240)
            cmd = [R, kernel, "-D", sizes, "--device", device, "--json",
                   "--no-progress", "--reps", str(sgemm_reps(m, n, k, smoke))]
            if 2 * m * n * k <= VALIDATE_MAX_FLOPS:
                cmd += ["--validate", "--reference",
                        os.path.join(kdir, "mmm_ref.so")]
            runner.run("sgemm", TUNE_KERNEL + "_tuned", {"M": m, "N": n, "K": k},
                       cmd, limit=120)
        runner.env.pop("LOOPTILE_TUNE_CACHE")

    if "clblast" in parts and have("looptile-bench-clblast", "clblast"):
        for m, n, k in sgemm_shapes:
            runner.run("clblast", "clblast", {"M": m, "N": n, "K": k},
                       [os.path.join(bindir, "looptile-bench-clblast"),
                        str(m), str(n), str(k), "--device", device,
                        "--reps", str(sgemm_reps(m, n, k, smoke))],
                       limit=120)

    if "cublas" in parts:
        specs = [f"{m}x{n}x{k}:{sgemm_reps(m, n, k, smoke)}"
                 for m, n, k in sgemm_shapes]
        runner.run("cublas", "cublas", None,
                   [sys.executable, os.path.join(HERE, "cublas_reference.py")]
                   + specs, limit=180, multi=True)

    total = round(time.monotonic() - started, 1)
    log(f"done in {total} s; {runner.failures} command(s) failed")
    with open(os.path.join(out, "env.json")) as f:
        info = json.load(f)
    info["seconds"] = total
    with open(os.path.join(out, "env.json"), "w") as f:
        json.dump(info, f, indent=1)

    # The tables right away (the plot is made later, on the dev machine).
    tables = capture([sys.executable, os.path.join(HERE, "report.py"), out,
                      "--no-plot"], env)
    with open(os.path.join(out, "tables.md"), "w") as f:
        f.write(tables + "\n")
    print(tables)
    return 1 if runner.failures else 0


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("prepare", help="generate kernels and gather binaries")
    p.add_argument("--gpu-dir", default=os.path.join(ROOT, "build", "gpu"))
    p.add_argument("--looptile", default=os.path.join(ROOT, "build", "bin",
                                                      "looptile"),
                   help="the looptile compiler (default build/bin/looptile)")
    p.add_argument("--bin", default=os.path.join(ROOT, "build", "bin"),
                   help="where looptile-run and the benchmarks were built")
    p.add_argument("--no-fetch-clblast", action="store_true",
                   help="do not copy libclblast.so.1 into GPU_DIR/lib")
    r = sub.add_parser("run", help="measure (on the GPU machine)")
    r.add_argument("--gpu-dir", default=os.path.join(ROOT, "build", "gpu"))
    r.add_argument("--out", help="raw results folder (default $OUT, else "
                                 "/tmp/looptile-bench)")
    r.add_argument("--device", help="cpu|gpu|P:D (default gpu, cpu with "
                                    "--smoke)")
    r.add_argument("--smoke", action="store_true",
                   help="tiny sizes, 2 repetitions (a test, not a benchmark)")
    r.add_argument("--budget", type=float, default=420,
                   help="seconds for all commands; later ones are skipped "
                        "when spent (default 420)")
    r.add_argument("--parts", help="comma-separated subset of " + ",".join(PARTS))
    r.add_argument("--tune-budget", type=int, default=48,
                   help="candidates per --tune search (default 48)")
    args = ap.parse_args()
    if args.mode == "run":
        return run_all(args)
    try:
        return prepare(args)
    except (subprocess.CalledProcessError, OSError) as e:
        log(f"error: prepare failed: {e}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
