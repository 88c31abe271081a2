#!/usr/bin/env python3
"""Tables and plot for bench/RESULTS.md from the raw JSON of bench/run_bench.py.

Usage: bench/report.py RAW_DIR [--plot PATH | --no-plot]

Reads RAW_DIR/{env.json, sgemm, clblast, cublas, transpose, copy .jsonl} and
prints markdown: a header (date, device, driver, commit, the exact commands),
the SGEMM table (median ms and TFLOPS of cuBLAS, CLBlast and every generated
kernel), the SGEMM ratios (reference time / kernel time: above 1 means the
generated kernel is faster), the transpose table against the copy bandwidth,
and every command that did not succeed. A result that failed validation is
shown as FAILED, never with its speed. The plot (TFLOPS against the SGEMM
shapes, log scale, one line per kernel and reference) goes to PATH (default
bench/sgemm_tflops.png next to this script) and needs matplotlib; without it
the plot is skipped with a message.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SGEMM_NAMES = {"mmm_naive": "naive", "mmm_block": "block-tiled",
               "mmm_reg4": "register 4x4", "mmm_reg8": "register 8x8",
               "mmm_reg8_tuned": "register 8x8, tuned"}
TRANSPOSE_NAMES = {"tr_naive": "naive", "tr_tile16": "tiled TS=16",
                   "tr_tile32": "tiled TS=32"}


def load(raw, part):
    path = os.path.join(raw, part + ".jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


class Cell:
    """One measurement or the reason there is none."""

    def __init__(self, ms=None, rate=None, validation=None, problem=None):
        self.ms, self.rate = ms, rate  # rate: TFLOPS or GB/s
        self.validation = validation   # passed / failed / skipped / None
        self.problem = problem         # why there is no number

    @property
    def ok(self):
        return self.problem is None and self.ms is not None

    def text(self, rate_fmt):
        if not self.ok:
            return self.problem or "n/a"
        return f"{self.ms:.4f} ({rate_fmt.format(self.rate)})"


def cell_of(rec, ms_key, rate_of):
    """The cell for a driver record wrapping one tool result."""
    if rec is None:
        return Cell(problem="not run")
    status = rec.get("status")
    res = rec.get("result")
    if status == "skipped":
        return Cell(problem="skipped")
    if status == "timeout":
        return Cell(problem="timeout")
    if res is None or status == "error":
        return Cell(problem="error")
    return result_cell(res, ms_key, rate_of)


def result_cell(res, ms_key, rate_of):
    if "error" in res:
        return Cell(problem="error")
    v = res.get("validation")
    if v == "failed":
        return Cell(validation=v, problem="FAILED")
    ms = res.get(ms_key)
    if ms is None:
        return Cell(validation=v, problem="n/a")
    return Cell(ms=ms, rate=rate_of(res), validation=v)


def shape_key(case, keys):
    return tuple(case[k] for k in keys) if case else None


def fmt_ratio(ref, cell):
    if ref is None or not ref.ok or not cell.ok:
        return "-"
    return f"{ref.ms / cell.ms:.2f}"


def header(env, raw_results, out):
    prep = env.get("prepare") if isinstance(env.get("prepare"), dict) else {}
    devices = sorted({r["device"] for r in raw_results if r.get("device")})
    drivers = sorted({r["driver"] for r in raw_results if r.get("driver")})
    date = (env.get("date") or "?")[:10]
    out.append(f"## {date} — SGEMM and transpose against cuBLAS, CLBlast and "
               "the copy bandwidth" + (" (SMOKE TEST, not a benchmark)"
                                       if env.get("smoke") else ""))
    out.append("")
    out.append(f"- Date: {env.get('date', '?')}; host {env.get('host', '?')}; "
               f"total {env.get('seconds', '?')} s")
    if env.get("nvidia_smi"):
        out.append(f"- nvidia-smi: {env['nvidia_smi']}")
    for d in devices:
        out.append(f"- Device: {d}")
    if drivers:
        out.append(f"- OpenCL driver: {', '.join(drivers)}")
    if prep:
        dirty = " (with uncommitted changes)" if prep.get("dirty") else ""
        ldirty = (" (with uncommitted changes)" if prep.get("looptile_dirty")
                  else "")
        out.append(f"- Benchmark scripts at commit {prep.get('commit')}"
                   f"{dirty}; kernels generated on "
                   f"{prep.get('date', '?')[:10]} by {prep.get('looptile')} "
                   f"at commit {prep.get('looptile_commit')}{ldirty}:")
        out.append("")
        out.append("  ```sh")
        for c in prep.get("commands", []):
            out.append("  " + c)
        out.append("  ```")
    out.append("- Measured with `bench/run_bench.py run` "
               f"(device {env.get('device_spec', '?')}); raw JSON per part.")
    out.append("- Timing: generated kernels and the copy: OpenCL event "
               "profiling, kernel only; cuBLAS: CUDA events around each call "
               "(launch included); CLBlast: wall clock from clFinish to "
               "clFinish around each call (host launch included), and "
               "\"markers\": device time between two empty kernels around "
               "it. All: median after a warm-up.")
    out.append("")


def sgemm_tables(raw, out):
    sg = load(raw, "sgemm")
    cl = load(raw, "clblast")
    cu = load(raw, "cublas")
    keys = ("M", "N", "K")
    shapes = []
    for r in sg + cl:
        k = shape_key(r.get("case"), keys)
        if k and k not in shapes:
            shapes.append(k)
    cublas_cells, cublas_kernel_cells, cublas_problem = {}, {}, None
    for r in cu:
        if r.get("status") in ("skipped", "timeout", "error") and not r.get("results"):
            cublas_problem = r.get("status")
        for res in r.get("results", []):
            k = (res["M"], res["N"], res["K"])
            if k not in shapes:
                shapes.append(k)
            cublas_cells[k] = result_cell(res, "median_ms",
                                          lambda x: x["tflops"])
            if "kernel_ms" in res:
                cublas_kernel_cells[k] = result_cell(
                    res, "kernel_ms", lambda x: 2e-9 * x["M"] * x["N"] *
                    x["K"] / x["kernel_ms"])
    if not shapes:
        return {}
    shapes.sort(key=lambda s: (s[0] * s[1] * s[2], s))
    kernels = [n for n in SGEMM_NAMES if any(r["name"] == n for r in sg)]
    kernels += sorted({r["name"] for r in sg} - set(kernels))

    def find(records, name, k):
        for r in records:
            if r.get("name") == name and shape_key(r.get("case"), keys) == k:
                return r
        return None

    tflops = lambda x: x["gflops"] / 1000.0
    table = {}
    for k in shapes:
        row = {"cuBLAS": cublas_cells.get(k) or Cell(
            problem=cublas_problem or "not run")}
        if cublas_kernel_cells:
            row["cuBLAS (kernel)"] = cublas_kernel_cells.get(k) or Cell(
                problem="n/a")
        crec = find(cl, "clblast", k)
        row["CLBlast"] = cell_of(crec, "median_ms", lambda x: x["tflops"])
        row["CLBlast (markers)"] = cell_of(crec, "marker_median_ms",
                                           lambda x: x["marker_tflops"])
        for n in kernels:
            row[n] = cell_of(find(sg, n, k), "median_ms", tflops)
        table[k] = row

    kref = ["cuBLAS (kernel)"] if cublas_kernel_cells else []
    cols = ["cuBLAS"] + kref + ["CLBlast", "CLBlast (markers)"] + kernels
    out.append("### SGEMM (fp32): median ms (TFLOPS)")
    out.append("")
    out.append("| M x N x K | " + " | ".join(SGEMM_NAMES.get(c, c) for c in cols)
               + " | validated |")
    out.append("|---" * (len(cols) + 2) + "|")
    for k, row in table.items():
        out.append(f"| {'x'.join(map(str, k))} | "
                   + " | ".join(row[c].text("{:.3g}") for c in cols)
                   + f" | {validation_summary(row, kernels)} |")
    out.append("")
    if not kernels:
        return table
    refs = ["cuBLAS"] + kref + ["CLBlast"]
    out.append("### SGEMM ratios: reference time / kernel time "
               "(x " + ", x ".join(refs) + "; above 1 = the kernel is faster)")
    out.append("")
    out.append("| M x N x K | " + " | ".join(SGEMM_NAMES.get(c, c)
                                            for c in kernels) + " |")
    out.append("|---" * (len(kernels) + 1) + "|")
    for k, row in table.items():
        out.append(f"| {'x'.join(map(str, k))} | " + " | ".join(
            " / ".join(fmt_ratio(row[r], row[n]) for r in refs)
            for n in kernels) + " |")
    out.append("")
    return table


def validation_summary(row, kernels):
    gen = [row[n] for n in kernels if row[n].ok or row[n].problem == "FAILED"]
    failed = [n for n in kernels if row[n].problem == "FAILED"]
    parts = []
    if failed:
        parts.append("FAILED: " + ", ".join(SGEMM_NAMES.get(n, n)
                                           for n in failed))
    passed = sum(1 for c in gen if c.validation == "passed")
    if gen and passed == len(gen):
        parts.append(f"all {passed} generated passed")
    elif passed:
        parts.append(f"{passed} of {len(gen)} generated passed")
    elif gen and not failed:
        parts.append("generated: timed only")
    refs = [f"{name} {row[name].validation}" for name in ("CLBlast", "cuBLAS")
            if row[name].validation]
    if refs:
        parts.append("; ".join(refs))
    return "; ".join(parts) or "-"


def transpose_table(raw, out):
    tr = load(raw, "transpose")
    cp = load(raw, "copy")
    keys = ("height", "width")
    shapes = []
    for r in tr + cp:
        k = shape_key(r.get("case"), keys)
        if k and k not in shapes:
            shapes.append(k)
    if not shapes:
        return
    shapes.sort(key=lambda s: (s[0] * s[1], s))
    kernels = [n for n in TRANSPOSE_NAMES if any(r["name"] == n for r in tr)]
    kernels += sorted({r["name"] for r in tr} - set(kernels))
    gbps = lambda x: x["gbps"]
    out.append("### Transpose: median ms (GB/s, read + write) and "
               "x copy bandwidth")
    out.append("")
    cols = (["height x width", "clEnqueueCopyBuffer"]
            + [TRANSPOSE_NAMES.get(n, n) for n in kernels] + ["validated"])
    out.append("| " + " | ".join(cols) + " |")
    out.append("|---" * len(cols) + "|")
    for k in shapes:
        copy = cell_of(next((r for r in cp if shape_key(r.get("case"), keys)
                             == k), None), "median_ms", gbps)
        cells = []
        for n in kernels:
            rec = next((r for r in tr if r["name"] == n and
                        shape_key(r.get("case"), keys) == k), None)
            cells.append(cell_of(rec, "median_ms", gbps))
        texts = []
        for c in cells:
            t = c.text("{:.0f}")
            if c.ok and copy.ok:
                t += f", {c.rate / copy.rate:.2f}"
            texts.append(t)
        val = [c.validation for c in cells if c.validation]
        summary = ("all passed" if val and all(v == "passed" for v in val)
                   else ", ".join(f"{TRANSPOSE_NAMES.get(n, n)} {c.validation}"
                                  for n, c in zip(kernels, cells)
                                  if c.validation) or "-")
        out.append("| " + " | ".join([f"{k[0]}x{k[1]}", copy.text("{:.0f}")]
                                      + texts + [summary]) + " |")
    out.append("")


def setting_text(t):
    return ", ".join(f"{k}={v}" for k, v in t.items()) if t else "-"


def tune_table(raw, out):
    """One row per looptile-run --tune search."""
    rows = [r for r in load(raw, "tune") if r.get("result")
            and isinstance(r["result"].get("tune"), dict)]
    if not rows:
        return
    out.append("### Autotuning (looptile-run --tune): search and spread")
    out.append("")
    out.append("| M x N x K | kernel | tried / skipped / invalid / valid "
               "(of eligible) | search s | fastest ms | slowest ms | "
               "shape default (ms) | chosen | speedup over shape default |")
    out.append("|---" * 9 + "|")
    for r in rows:
        t = r["result"]["tune"]
        c = r.get("case") or {}
        shape = "x".join(str(c.get(k, "?")) for k in "MNK")
        counts = (f"{t.get('tried')} / {t.get('skipped')} / {t.get('invalid')}"
                  f" / {t.get('valid')} (of {t.get('eligible')})")
        fmt = lambda v: f"{v:.4g}" if isinstance(v, (int, float)) else "-"
        default = (f"{t.get('shape_default_label', '-')} "
                   f"({fmt(t.get('shape_default_ms'))})")
        out.append(f"| {shape} | {r.get('name')} | {counts} | "
                   f"{fmt(t.get('search_s'))} | {fmt(t.get('fastest_ms'))} | "
                   f"{fmt(t.get('slowest_ms'))} | {default} | "
                   f"{setting_text(t.get('chosen'))} | "
                   f"{fmt(t.get('speedup'))} |")
    out.append("")


def problems(raw, out):
    lines = []
    for part in ("copy", "transpose", "sgemm", "tune", "clblast", "cublas"):
        for r in load(raw, part):
            results = r.get("results") or ([r["result"]] if r.get("result")
                                           else [])
            bad = [x for x in results if "error" in x
                   or x.get("validation") == "failed"]
            if r.get("status") == "ok" and not bad:
                continue
            case = r.get("case")
            what = " ".join(f"{k}={v}" for k, v in case.items()) if case else ""
            why = r.get("reason") or ""
            tail = (r.get("stderr_tail") or "").strip().splitlines()
            if not why and tail:
                why = tail[-1]
            for x in bad:
                shape = ("x".join(str(x[k]) for k in "MNK") + " "
                         if all(k in x for k in "MNK") else "")
                why += ("; " if why else "") + shape + (
                    x.get("error") or "failed validation")
            lines.append(f"- {part} {r.get('name')}{' ' + what if what else ''}"
                         f": {r.get('status')}{': ' + why if why else ''}")
    if lines:
        out.append("### Not measured or failed")
        out.append("")
        out.extend(lines)
        out.append("")


def plot(table, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"report: matplotlib is not available to {sys.executable}; "
              "plot skipped (Debian: apt-get install python3-matplotlib and "
              "run this script with /usr/bin/python3)", file=sys.stderr)
        return False
    shapes = list(table)
    labels = ["x".join(map(str, s)) for s in shapes]
    series = {}
    for row in table.values():
        for name in row:
            series.setdefault(name, None)
    fig, ax = plt.subplots(figsize=(9, 5))
    styles = {"cuBLAS": dict(color="black", linewidth=2.5, marker="s"),
              "CLBlast": dict(color="gray", linewidth=2, marker="D"),
              "CLBlast (markers)": dict(color="gray", linestyle=":",
                                        marker="d")}
    for name in series:
        # NaN where there is no valid measurement: the line breaks there
        # instead of bridging a failed or missing point.
        ys = [table[s][name].rate if table[s][name].ok and table[s][name].rate
              else float("nan") for s in shapes]
        if all(y != y for y in ys):
            continue
        ax.plot(range(len(shapes)), ys, label=SGEMM_NAMES.get(name, name),
                **styles.get(name, dict(marker="o")))
    ax.set_xticks(range(len(shapes)))
    ax.set_xticklabels(labels, rotation=30, ha="right")
    ax.set_yscale("log")
    ax.set_xlabel("M x N x K (ordered by work)")
    ax.set_ylabel("TFLOPS (fp32, log scale)")
    ax.set_title("SGEMM: looptile's generated kernels vs cuBLAS and CLBlast\n"
                 "(generated: kernel event time; cuBLAS: CUDA events; "
                 "CLBlast: wall clock / markers)", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    print(f"report: plot written to {path}", file=sys.stderr)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("raw")
    ap.add_argument("--plot", default=os.path.join(HERE, "sgemm_tflops.png"))
    ap.add_argument("--no-plot", action="store_true")
    args = ap.parse_args()
    try:
        with open(os.path.join(args.raw, "env.json")) as f:
            env = json.load(f)
    except (OSError, ValueError) as e:
        print(f"report: error: {args.raw}/env.json: {e}", file=sys.stderr)
        return 2
    results = []
    for part in ("copy", "transpose", "sgemm", "clblast"):
        results += [r["result"] for r in load(args.raw, part)
                    if r.get("result")]
    out = []
    header(env, results, out)
    table = sgemm_tables(args.raw, out)
    transpose_table(args.raw, out)
    tune_table(args.raw, out)
    problems(args.raw, out)
    print("\n".join(out))
    if table and not args.no_plot:
        plot(table, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
