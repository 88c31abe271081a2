#!/usr/bin/env python3
"""The register-tiled matmul and cuBLAS, both timed kernel only by the same
clock (issue 15: "measured the same way, kernel-only vs kernel-only").

    python3 bench/kernel_only.py RUN BUILD_INFO KERNEL.cl MxNxK[:REPS] ...

For each shape: looptile-run times the kernel with OpenCL event profiling
(--json) and reports the tunables its shape presets chose; the program is
built with those tunables by looptile-bench-build-info --binary, and its
PTX runs as a CUDA launch (bench/ptx_profile.py --cublas), where the
profiler's kernel records time it and cuBLAS alike. Prints one JSON line
per shape: opencl_ms (event profiling), ptx_kernel_ms and cublas_kernel_ms
(profiler records, kernel only), cublas_event_ms (CUDA events around each
call, launch included), and both validations. GPU machine only.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    run, build_info, cl = sys.argv[1:4]
    status = 0
    for spec in sys.argv[4:]:
        shape, _, reps = spec.partition(":")
        m, n, k = (int(x) for x in shape.split("x"))
        reps = reps or "20"
        out = {"M": m, "N": n, "K": k}
        try:
            j = json.loads(subprocess.run(
                [run, cl, "-D", "M=%d,N=%d,K=%d" % (m, n, k), "--device", "gpu",
                 "--json", "--reps", reps, "--no-progress"], check=True,
                capture_output=True, text=True, timeout=120).stdout)
            t = j["tunables"]
            out.update(opencl_ms=j["median_ms"], tunables=t)
            opts = " ".join("-D%s=%d" % kv for kv in sorted(t.items()))
            with tempfile.TemporaryDirectory() as d:
                ptx = os.path.join(d, "k.ptx")
                subprocess.run([build_info, cl, "--device", "gpu", "--options",
                                opts, "--binary", ptx], check=True,
                               capture_output=True, timeout=120)
                p = subprocess.run(
                    [sys.executable, os.path.join(HERE, "ptx_profile.py"), ptx,
                     "--size", shape, "--tile", "%dx%d" % (t["TSM"], t["TSN"]),
                     "--block", "%dx%d" % (t["TSN"] // t["WPTN"], t["TSM"] // t["WPTM"]),
                     "--reps", reps, "--cublas"],
                    capture_output=True, text=True, timeout=300)
                r = json.loads(p.stdout.strip().splitlines()[-1])
            out.update(ptx_kernel_ms=r.get("kernel_ms"),
                       ptx_event_ms=r.get("median_ms"),
                       ptx_validation=r.get("validation"),
                       cublas_kernel_ms=r.get("cublas_kernel_ms"),
                       cublas_event_ms=r.get("cublas_median_ms"),
                       cublas_kernels=r.get("cublas_kernels"))
            if r.get("validation") != "passed":
                status = 1
        except (subprocess.SubprocessError, ValueError, KeyError, IndexError) as e:
            out["error"] = str(e)
            status = 1
        print(json.dumps(out), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
