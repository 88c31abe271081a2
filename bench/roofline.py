#!/usr/bin/env python3
"""Roofline plot of measured kernels (issue 15): achieved FLOP/s against
arithmetic intensity (FLOP per byte of the kernel's footprint), under the
device's compute and memory ceilings.

Usage:
  bench/roofline.py [--out PNG] [--table] [--peaks NAME=GFLOPS,...]
                    [--bandwidth NAME=GB/s,...] RAW.jsonl [RAW.jsonl ...]

Each RAW.jsonl is a results file this directory's scripts write:
bench/run_bench.py's sgemm.jsonl / transpose.jsonl ({"part", "name",
"case", "result": looptile-run --json}), or bench/polybench.sh's and
bench/auto_schedule.sh's results ({"kernel", "sizes", "run": looptile-run
--json}). A record counts only when its measurement succeeded; one whose
validation failed is left out. Every point is a looptile-run measurement:
"flops" and "bytes" are the manifest's counts (the C's floating-point
operations; every array element the kernels read or write, once), so the
intensity is the algorithm's, not the traffic the kernel actually caused.

Ceilings (the defaults are an NVIDIA H100 SXM5 80GB at 1980 MHz, the
device of bench/RESULTS.md): FP32 132 SMs x 128 lanes x 2 FLOP x 1.98 GHz
= 66.9 TFLOP/s; FP64 half that (non-tensor); HBM3 3350 GB/s nominal, and
the copy bandwidth measured in the runs (clEnqueueCopyBuffer, read + write,
about 2640 GB/s). --table prints each point with its fraction of the
roof above it for each bandwidth (min of the compute peak and intensity x
bandwidth; for a kernel without FLOPs, its bytes per second over the
bandwidth), and which bound is the roof's there.
"""
import argparse
import json
import os
import sys

DEFAULT_PEAKS = "fp32=66900,fp64=33450"
DEFAULT_BANDWIDTH = "HBM3 nominal=3350,copy measured=2640"


def parse_pairs(text):
    out = []
    for item in text.split(","):
        name, value = item.rsplit("=", 1)
        out.append((name.strip(), float(value)))
    return out


def points(path):
    """(label, flops, bytes, ms, fp64) of every usable record of path."""
    tag = os.path.basename(os.path.dirname(os.path.abspath(path)))
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            if "result" in rec:  # run_bench.py
                run = rec.get("result") or {}
                if rec.get("status") != "ok" or "flops" not in run:
                    continue
                case = "x".join(str(v) for v in rec.get("case", {}).values())
                label = f"{rec.get('name')} {case}"
            elif "run" in rec:  # polybench.sh, auto_schedule.sh
                run = rec.get("run") or {}
                if "flops" not in run:
                    continue
                label = f"{rec.get('kernel')} ({rec.get('dataset') or rec.get('schedule', '')})"
            else:
                continue
            if str(run.get("validation", "")).lower() == "failed" or \
               str(rec.get("validation", "")).upper() == "FAILED":
                continue
            ms = run.get("median_ms")
            if not ms or not run.get("bytes"):
                continue
            # The PolyBench-style set is double precision (bench/polybench).
            fp64 = "polybench" in tag or "pb_" in os.path.basename(path)
            yield (label, float(run["flops"]), float(run["bytes"]), float(ms),
                   fp64)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("raw", nargs="+")
    ap.add_argument("--out", default=None, help="PNG to write (needs matplotlib)")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--peaks", default=DEFAULT_PEAKS)
    ap.add_argument("--bandwidth", default=DEFAULT_BANDWIDTH)
    args = ap.parse_args()
    peaks = dict(parse_pairs(args.peaks))
    bands = parse_pairs(args.bandwidth)
    pts = []
    for path in args.raw:
        pts.extend(points(path))
    if not pts:
        print("roofline: no usable measurement in the given files",
              file=sys.stderr)
        return 1
    if args.table:
        print("| kernel | GFLOP/s | GB/s | FLOP/byte | bound | " +
              " | ".join(f"x roof ({name})" for name, _ in bands) + " |")
        print("|---|---|---|---|---|" + "---|" * len(bands))
        for label, flops, nbytes, ms, fp64 in pts:
            gflops = flops / ms / 1e6
            gbps = nbytes / ms / 1e6
            ai = flops / nbytes
            peak = peaks["fp64" if fp64 else "fp32"]
            fracs = []
            bound = "memory"
            for _, bw in bands:
                if flops == 0:  # a copy or transpose: the bandwidth bound
                    fracs.append(gbps / bw)
                    continue
                if ai * bw >= peak:
                    bound = "FP64" if fp64 else "FP32"
                fracs.append(gflops / min(peak, ai * bw))
            print(f"| {label} | {gflops:.1f} | {gbps:.1f} | {ai:.3g} | "
                  f"{bound} | " + " | ".join(f"{f:.2f}" for f in fracs) +
                  " |")
    if args.out:
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError:
            print(f"roofline: matplotlib is not available to {sys.executable}"
                  " (Debian: apt-get install python3-matplotlib)",
                  file=sys.stderr)
            return 1
        fig, (ax, bx) = plt.subplots(
            1, 2, figsize=(16, 9), gridspec_kw={"width_ratios": [3, 2]})
        lo, hi = 1e-2, 2e3
        xs = [lo * (hi / lo) ** (k / 200) for k in range(201)]
        for (name, bw), style in zip(bands, ["-", "--", ":"]):
            for pname, peak in peaks.items():
                ax.plot(xs, [min(peak, x * bw) for x in xs], style,
                        color="black" if pname == "fp32" else "grey",
                        linewidth=1,
                        label=f"{pname} {peak / 1000:.1f} TFLOP/s, {name} "
                              f"{bw:.0f} GB/s")
        for label, flops, nbytes, ms, fp64 in pts:
            if flops == 0:
                continue
            ai = flops / nbytes
            gflops = flops / ms / 1e6
            ax.scatter([ai], [gflops], marker="s" if fp64 else "o", s=22)
            ax.annotate(label, (ai, gflops), fontsize=6,
                        xytext=(3, 2), textcoords="offset points")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlim(lo, hi)
        ax.set_xlabel("arithmetic intensity (FLOP per byte of footprint)")
        ax.set_ylabel("achieved GFLOP/s")
        ax.set_title("roofline (circles fp32, squares fp64)", fontsize=10)
        ax.grid(True, which="both", linewidth=0.3)
        ax.legend(fontsize=7, loc="lower right")
        # Bytes per second of every kernel (its footprint over its time;
        # a host program's arrays are counted once, not once per step).
        order = sorted(pts, key=lambda p: p[2] / p[3])
        bx.barh(range(len(order)), [p[2] / p[3] / 1e6 for p in order],
                color=["tab:orange" if p[4] else "tab:blue" for p in order])
        bx.set_yticks(range(len(order)))
        bx.set_yticklabels([p[0] for p in order], fontsize=5)
        for (name, bw), style in zip(bands, ["-", "--", ":"]):
            bx.axvline(bw, linestyle=style, color="black", linewidth=1,
                       label=f"{name} {bw:.0f} GB/s")
        bx.set_xscale("log")
        bx.set_xlabel("achieved GB/s (footprint / time; blue fp32, "
                      "orange fp64)")
        bx.legend(fontsize=7, loc="lower right")
        bx.grid(True, axis="x", which="both", linewidth=0.3)
        fig.suptitle("looptile kernels against the device's peaks "
                     "(bench/roofline.py)")
        fig.tight_layout()
        fig.savefig(args.out, dpi=130)
        print(f"roofline: wrote {args.out} ({len(pts)} points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
