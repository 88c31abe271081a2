#!/usr/bin/env python3
"""cuBLAS fp32 SGEMM reference timings through PyTorch (TF32 disabled).

Prints one JSON object per shape: {"M","N","K","median_ms","tflops"}, timed
with CUDA events over repetitions after a warm-up, the same statistic
looptile-run reports for the OpenCL kernels.
"""
import json
import statistics
import sys

import torch

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def time_sgemm(m, n, k, reps):
    a = torch.rand((m, k), device="cuda", dtype=torch.float32)
    b = torch.rand((k, n), device="cuda", dtype=torch.float32)
    c = torch.empty((m, n), device="cuda", dtype=torch.float32)
    for _ in range(3):
        torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
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
    return {"M": m, "N": n, "K": k, "median_ms": med,
            "tflops": 2.0 * m * n * k / (med * 1e-3) / 1e12,
            "device": torch.cuda.get_device_name(0)}


def main():
    shapes = [tuple(int(x) for x in s.split("x")) for s in sys.argv[1:]]
    for m, n, k in shapes:
        print(json.dumps(time_sgemm(m, n, k, 20)), flush=True)


if __name__ == "__main__":
    main()
