#!/usr/bin/env python3
"""cuBLAS fp32 references for the memory-bound set (bench/membound):
torch.mv (sgemv) of an N x M matrix and torch.dot of two N vectors, median
of CUDA-event timings after three warm-up calls, checked against float64.

Usage: bench/cublas_level2.py mv:NxM[:REPS] dot:N[:REPS] ...
Prints one JSON object per item. Exit 77 without torch or CUDA."""
import json
import statistics
import sys

try:
    import torch
    if not torch.cuda.is_available():
        raise ImportError
except ImportError:
    sys.exit(77)

torch.backends.cuda.matmul.allow_tf32 = False
dev = torch.device("cuda")
status = 0
for spec in sys.argv[1:]:
    kind, _, rest = spec.partition(":")
    shape, _, reps = rest.partition(":")
    reps = int(reps) if reps else 20
    try:
        if kind == "mv":
            n, m = (int(v) for v in shape.split("x"))
            a = torch.rand(n, m, device=dev)
            x = torch.rand(m, device=dev)
            fn = lambda: torch.mv(a, x)
            nbytes = 4 * (n * m + m + n)
            ref = torch.mv(a.double(), x.double())
        elif kind == "dot":
            n = int(shape)
            a = torch.rand(n, device=dev)
            x = torch.rand(n, device=dev)
            fn = lambda: torch.dot(a, x)
            nbytes = 8 * n
            ref = torch.dot(a.double(), x.double())
        else:
            raise ValueError("unknown kind " + kind)
        out = fn()
        err = float((out.double() - ref).abs().max() / ref.abs().max())
        for _ in range(3):
            fn()
        times = []
        for _ in range(reps):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            fn()
            e.record()
            torch.cuda.synchronize()
            times.append(s.elapsed_time(e))
        med = statistics.median(times)
        print(json.dumps({"kind": kind, "shape": shape, "reps": reps,
                          "median_ms": med, "gbps": nbytes / med / 1e6,
                          "max_rel_error": err,
                          "device": torch.cuda.get_device_name()}))
    except Exception as exc:  # one item fails, the others still run
        status = 1
        print(json.dumps({"kind": kind, "shape": shape, "error": str(exc)}))
sys.exit(status)
