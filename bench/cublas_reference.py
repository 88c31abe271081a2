#!/usr/bin/env python3
"""cuBLAS fp32 SGEMM reference timings through PyTorch (TF32 disabled).

Usage: bench/cublas_reference.py MxNxK[:REPS] ...   (default 20 repetitions)

Prints one JSON object per shape: {"M","N","K","reps","median_ms","min_ms",
"max_ms","tflops","device",...}, the median of REPS CUDA-event timings of
torch.matmul after three warm-up calls (device time of the call, launch
included), and "kernel_ms": the mean device time of the kernels the calls
launched (another REPS calls under torch.profiler, CUPTI's kernel records:
kernel only, as looptile-run's OpenCL event profiling times its kernels),
with "kernels" naming them. A shape that fails prints {"M","N","K","error"} and the others
still run. The result of the first call is checked against a float64 product
on sampled entries (looptile-run's tolerance, docs/runtime.md), so a wrong
TF32 setting or library run is never reported as fast.

Exit status: 0 every shape measured, 1 some shape failed, 2 usage, 77 torch
or CUDA not available here (the driver records the part as skipped).
"""
import json
import math
import statistics
import sys

SKIP = 77


def parse(spec):
    shape, _, reps = spec.partition(":")
    m, n, k = (int(x) for x in shape.split("x"))
    return m, n, k, int(reps) if reps else 20


def check(torch, a, b, c, k):
    """Sampled entries of c against a float64 product; the same tolerance
    looptile-run uses: 8 * eps * sqrt(K) * (|ref| + rms(ref))."""
    gen = torch.Generator(device="cpu").manual_seed(1)
    m, n = c.shape
    rows = torch.randint(0, m, (512,), generator=gen).tolist() + [0, m - 1]
    cols = torch.randint(0, n, (512,), generator=gen).tolist() + [0, n - 1]
    ri = torch.tensor(rows, device=a.device)
    ci = torch.tensor(cols, device=a.device)
    ref = (a[ri].double() * b[:, ci].double().t()).sum(dim=1)
    got = c[ri, ci].double()
    rms = ref.pow(2).mean().sqrt()
    tol = 8 * 2.0 ** -23 * math.sqrt(k) * (ref.abs() + rms)
    bad = int(((got - ref).abs() > tol).sum().item())
    return bad, len(rows), float((got - ref).abs().max().item())


def time_sgemm(torch, m, n, k, reps):
    gen = torch.Generator(device="cuda").manual_seed(20240601)
    a = torch.rand((m, k), device="cuda", dtype=torch.float32,
                   generator=gen) * 2 - 1
    b = torch.rand((k, n), device="cuda", dtype=torch.float32,
                   generator=gen) * 2 - 1
    c = torch.empty((m, n), device="cuda", dtype=torch.float32)
    for _ in range(3):
        torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
    bad, checked, max_err = check(torch, a, b, c, k)
    res = {"tool": "cublas", "M": m, "N": n, "K": k, "reps": reps,
           "device": torch.cuda.get_device_name(0),
           "torch": torch.__version__, "cuda": torch.version.cuda,
           "allow_tf32": torch.backends.cuda.matmul.allow_tf32,
           "validation": "passed" if bad == 0 else "failed",
           "checked_entries": checked, "bad_entries": bad,
           "max_abs_error": max_err}
    if bad:
        res.update(median_ms=None, min_ms=None, max_ms=None, tflops=None)
        return res
    times = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        torch.matmul(a, b, out=c)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    med = statistics.median(times)
    res.update(median_ms=med, min_ms=min(times), max_ms=max(times),
               tflops=2.0 * m * n * k / (med * 1e-3) / 1e12)
    res.update(kernel_only(torch, lambda: torch.matmul(a, b, out=c), reps))
    return res


def kernel_only(torch, call, reps):
    """Mean device time per call of the kernels call() launches, from the
    profiler's CUDA kernel records (bench/ptx_profile.py uses it too);
    {"kernel_ms_error": why} where the profiler fails."""
    try:
        from torch.profiler import ProfilerActivity, profile
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(reps):
                call()
            torch.cuda.synchronize()
        total, names = 0.0, set()
        for e in prof.events():
            if str(e.device_type).endswith("CUDA"):
                total += e.time_range.elapsed_us()
                names.add(e.name)
        if not names:
            return {}
        return {"kernel_ms": total / reps / 1000.0, "kernels": sorted(names)}
    except Exception as e:  # the event timing above still stands
        return {"kernel_ms_error": str(e)}


def main():
    try:
        shapes = [parse(s) for s in sys.argv[1:]]
    except ValueError:
        print(__doc__, file=sys.stderr)
        return 2
    if not shapes:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import torch
    except ImportError:
        print("cublas_reference: torch is not installed here", file=sys.stderr)
        return SKIP
    if not torch.cuda.is_available():
        print("cublas_reference: torch has no CUDA device here",
              file=sys.stderr)
        return SKIP
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    status = 0
    for m, n, k, reps in shapes:
        try:
            res = time_sgemm(torch, m, n, k, reps)
            if res["validation"] != "passed":
                status = 1
        except Exception as e:  # one shape's failure must not hide the rest
            res = {"tool": "cublas", "M": m, "N": n, "K": k, "error": str(e)}
            status = 1
        print(json.dumps(res), flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
