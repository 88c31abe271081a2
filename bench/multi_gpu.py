#!/usr/bin/env python3
"""Issue 27's single-host benchmark: looptile-run on one device against
--devices all (every GPU of the host), for the kernels the split handles.

Two steps, on two machines, as bench/run_bench.py:

  prepare (development machine: the looptile compiler and a C compiler):
  generates the kernels, builds the reference shims and copies
  looptile-run into GPU_DIR (default build/gpu-multi):

      bench/multi_gpu.py prepare [--gpu-dir build/gpu-multi]
          [--looptile build/bin/looptile] [--bin build/bin]

  run (the 2-GPU machine, no compiler needed), from the repository root,
  with GPU_DIR carried along (the device tool's carry: build/gpu-multi):
  registers NVIDIA's OpenCL ICD where it is missing and uses the ICD
  loader prepare copied into GPU_DIR/lib:

      bench/multi_gpu.py run [--gpu-dir build/gpu-multi] [--out DIR]
          [--one gpu] [--several all] [--ranks R] [--smoke]
          [--limit SECONDS]

  Each case runs on one device (--device ONE) and split (--devices
  SEVERAL), one after the other, with --json; with --ranks R also split
  over R ranks of this host (`mpirun -np R looptile-run ... --device
  gpu`: each rank its own GPU; docs/runtime.md, "Several hosts"); the validated
  cases (small enough for the C reference) validate both runs. Writes
  OUT/multi.jsonl (one record per command: the command, its exit status,
  the JSON report) and OUT/multi.md (the speed-up table). --smoke: tiny
  sizes on PoCL's two CPU devices (POCL_DEVICES="pthread pthread").

Times: the one-device time is the sum of the kernels' profiled times; the
several-device time is wall-clock from the first launch to the end of the
last, transfers between devices included (docs/runtime.md, "Several
devices"), so the speed-up is not flattered. Exit status 1 when a command
failed or timed out.
"""
import argparse
import datetime
import json
import os
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name -> (source, looptile options, reference shim name)
KERNELS = {
    "mmm_block": ("examples/mmm.c", ["--tile", "16"], "mmm_ref"),
    # As bench/run_bench.py's mmm_reg8 (fused multiply-adds, validated with
    # the tolerance); splits in whole bands of GM rows of work-groups.
    "mmm_reg8": ("examples/mmm.c", ["--tile", "16", "--register-tile", "8",
                                    "--fp-contract=fast"], "mmm_reg_ref"),
    "gemm_block": ("test/Runtime/Inputs/multi_gemm.c", ["--tile", "16"],
                   "gemm_ref"),
    "jacobi_2d": ("examples/jacobi_2d.c", [], "jacobi_ref"),
    "transpose2d": ("test/Runtime/Inputs/multi_transpose.c", [],
                    "transpose_ref"),
    # PolyBench-style kernels (issue 27: validated over 2 devices and 2
    # ranks), with no flags.
    "pb_gemm": ("bench/polybench/gemm.c", [], "pb_gemm_ref"),
    "pb_2mm": ("bench/polybench/2mm.c", [], "pb_2mm_ref"),
    "pb_jacobi_2d": ("bench/polybench/jacobi-2d.c", [], "pb_jacobi_2d_ref"),
    "pb_heat_3d": ("bench/polybench/heat-3d.c", [], "pb_heat_3d_ref"),
}
# (kernel, sizes, reps, validate)
FULL = [
    ("mmm_block", "M=1024,N=1024,K=1024", 5, True),
    ("mmm_block", "M=8192,N=8192,K=8192", 3, False),
    ("mmm_block", "M=16384,N=16384,K=16384", 2, False),
    ("mmm_reg8", "M=1024,N=1024,K=1024", 5, True),
    ("mmm_reg8", "M=8192,N=8192,K=8192", 5, False),
    ("mmm_reg8", "M=16384,N=16384,K=16384", 3, False),
    ("gemm_block", "ni=1024,nj=1024,nk=1024", 5, True),
    ("jacobi_2d", "T=10,N=2048", 5, True),
    ("jacobi_2d", "T=100,N=16384", 3, False),
    ("transpose2d", "H=4096,W=4096", 10, True),
    ("transpose2d", "H=16384,W=16384", 5, False),
    ("pb_gemm", "ni=1000,nj=1100,nk=1200", 3, True),
    ("pb_2mm", "ni=800,nj=900,nk=1100,nl=1200", 3, True),
    ("pb_jacobi_2d", "tsteps=100,n=1300", 3, True),
    ("pb_heat_3d", "tsteps=100,n=120", 3, True),
]
SMOKE = [
    ("mmm_block", "M=65,N=33,K=17", 2, True),
    ("mmm_reg8", "M=300,N=65,K=17", 2, True),
    ("gemm_block", "ni=40,nj=20,nk=10", 2, True),
    ("jacobi_2d", "T=3,N=40", 2, True),
    ("transpose2d", "H=33,W=65", 2, True),
    ("pb_gemm", "ni=13,nj=17,nk=19", 2, True),
    ("pb_2mm", "ni=13,nj=17,nk=19,nl=11", 2, True),
    ("pb_jacobi_2d", "tsteps=4,n=19", 2, True),
    ("pb_heat_3d", "tsteps=3,n=11", 2, True),
]


def log(msg):
    print(f"[multi_gpu] {msg}", file=sys.stderr, flush=True)


def prepare(args):
    gpu = os.path.abspath(args.gpu_dir)
    for d in ("bin", "kernels"):
        os.makedirs(os.path.join(gpu, d), exist_ok=True)
    looptile = os.path.abspath(args.looptile)
    run_bin = os.path.join(os.path.abspath(args.bin), "looptile-run")
    commands = []
    for name, (src, opts, ref) in KERNELS.items():
        cl = os.path.join(gpu, "kernels", name + ".cl")
        for cmd in ([looptile, src] + opts + ["-o", cl],
                    [run_bin, cl, "--build-reference",
                     os.path.join(gpu, "kernels", ref + ".so")]):
            commands.append(" ".join(shlex.quote(c) for c in cmd))
            log(commands[-1])
            subprocess.run(cmd, check=True, cwd=ROOT)
    shutil.copy2(run_bin, os.path.join(gpu, "bin", "looptile-run"))
    # The ICD loader travels too (the GPU machine may have none).
    for lib in ("/usr/lib/x86_64-linux-gnu/libOpenCL.so.1",
                "/usr/lib64/libOpenCL.so.1"):
        if os.path.exists(lib):
            os.makedirs(os.path.join(gpu, "lib"), exist_ok=True)
            shutil.copy2(os.path.realpath(lib),
                         os.path.join(gpu, "lib", "libOpenCL.so.1"))
            break
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    with open(os.path.join(gpu, "prepare.json"), "w") as f:
        json.dump({"date": datetime.datetime.now(
            datetime.timezone.utc).isoformat(), "commit": commit,
            "commands": commands}, f, indent=1)
    return 0


def run(args):
    gpu = os.path.abspath(args.gpu_dir)
    out = os.path.abspath(args.out or os.environ.get("OUT")
                          or "/tmp/looptile-multi")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ)
    one, several = args.one, args.several
    if args.smoke:
        env["POCL_DEVICES"] = "pthread pthread"
        one = "0:0"
    else:
        sys.path.insert(0, HERE)
        from run_bench import register_nvidia_icd
        log(register_nvidia_icd())
    libdir = os.path.join(gpu, "lib")
    if os.path.isdir(libdir):
        env["LD_LIBRARY_PATH"] = libdir + (
            ":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    cases = SMOKE if args.smoke else FULL
    binary = os.path.join(gpu, "bin", "looptile-run")
    failed = False
    rows = []
    with open(os.path.join(out, "multi.jsonl"), "a") as jl:
        for name, sizes, reps, validate in cases:
            ref = KERNELS[name][2]
            res = {}
            modes = [("one", [], ["--device", one]),
                     ("several", [], ["--devices", several])]
            if args.ranks > 1:
                # each rank of this host its own device of the type
                modes.append(("ranks", ["mpirun", "--allow-run-as-root",
                                        "--oversubscribe", "-np",
                                        str(args.ranks)],
                              ["--device", "cpu" if args.smoke else "gpu"]))
            for mode, launcher, dev in modes:
                cmd = launcher + [binary, os.path.join(gpu, "kernels", name + ".cl"),
                       "-D", sizes, "--reps", str(reps), "--json",
                       "--no-progress"] + dev
                if validate:
                    cmd += ["--validate", "--reference",
                            os.path.join(gpu, "kernels", ref + ".so")]
                log(" ".join(shlex.quote(c) for c in cmd))
                try:
                    p = subprocess.run(cmd, capture_output=True, text=True,
                                       env=env, timeout=args.limit)
                    rc, so, se = p.returncode, p.stdout, p.stderr
                except subprocess.TimeoutExpired:
                    rc, so, se = 124, "", "timed out"
                rep = None
                try:
                    rep = json.loads(so) if so.strip() else None
                except ValueError:
                    pass
                failed |= rc != 0
                res[mode] = rep
                jl.write(json.dumps({"kernel": name, "sizes": sizes,
                                     "mode": mode, "command": cmd,
                                     "status": rc, "stderr": se[-2000:],
                                     "report": rep}) + "\n")
                jl.flush()
            a, b, c = res.get("one"), res.get("several"), res.get("ranks")
            if a and b:
                ta, tb = a["median_ms"], b["median_ms"]
                split = ", ".join(s["kernel"] for s in b.get("split", [])
                                  if not s["split"]) or "all"
                rows.append(
                    f"| {name} | {sizes} | {ta:.3f} | {tb:.3f} | "
                    f"{ta / tb if tb else 0:.2f} | "
                    f"{' / '.join('%.3f' % d['kernel_ms'] for d in b.get('devices', []))} | "
                    f"{b.get('exchanged_bytes', 0)} | "
                    f"{a['validation']} / {b['validation']} | "
                    f"{'all split' if split == 'all' else 'one device: ' + split} | "
                    + (f"{c['median_ms']:.3f} | {ta / c['median_ms'] if c['median_ms'] else 0:.2f} | "
                       f"{c['validation']} |" if c else " | | |"))
    with open(os.path.join(out, "multi.md"), "w") as f:
        f.write("| kernel | sizes | 1 device ms | split ms (wall) | speed-up "
                "| per device kernel ms | exchanged bytes | validation | "
                "kernels | ranks ms (wall) | ranks speed-up | ranks "
                "validation |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
        f.write("\n".join(rows) + "\n")
    print(open(os.path.join(out, "multi.md")).read())
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--gpu-dir", default="build/gpu-multi")
    p.add_argument("--looptile", default="build/bin/looptile")
    p.add_argument("--bin", default="build/bin")
    r = sub.add_parser("run")
    r.add_argument("--gpu-dir", default="build/gpu-multi")
    r.add_argument("--out")
    r.add_argument("--one", default="gpu")
    r.add_argument("--several", default="all")
    r.add_argument("--ranks", type=int, default=0,
                   help="also run over this many MPI ranks of this host")
    r.add_argument("--smoke", action="store_true")
    r.add_argument("--limit", type=int, default=300,
                   help="seconds per command (default 300)")
    a = ap.parse_args()
    return prepare(a) if a.mode == "prepare" else run(a)


if __name__ == "__main__":
    sys.exit(main())
