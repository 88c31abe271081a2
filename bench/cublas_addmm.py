#!/usr/bin/env python3
"""cuBLAS addmm (beta*C + alpha*A@B, PolyBench gemm's operation) through
PyTorch, TF32 off: bench/cublas_addmm.py [N] prints one JSON line with the
median of 10 CUDA-event timings after 3 warm-ups, checked on 256 sampled
entries against float64 (issue 13's reference for the i-k-j gemm)."""
import json, statistics, sys, torch
torch.backends.cuda.matmul.allow_tf32 = False
n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
g = torch.Generator(device="cuda").manual_seed(1)
A = torch.rand(n, n, device="cuda", generator=g) * 2 - 1
B = torch.rand(n, n, device="cuda", generator=g) * 2 - 1
C = torch.rand(n, n, device="cuda", generator=g) * 2 - 1
alpha, beta = 1.5, 1.2
out = torch.addmm(C, A, B, beta=beta, alpha=alpha)
idx = torch.randint(0, n, (256, 2), generator=torch.Generator().manual_seed(2))
ref = [beta * C[i, j].double() + alpha * (A[i].double() @ B[:, j].double()) for i, j in idx.tolist()]
err = max(abs(float(out[i, j]) - float(r)) for (i, j), r in zip(idx.tolist(), ref))
for _ in range(3):
    torch.addmm(C, A, B, beta=beta, alpha=alpha)
ts = []
for _ in range(10):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record(); torch.addmm(C, A, B, beta=beta, alpha=alpha); e.record(); torch.cuda.synchronize()
    ts.append(s.elapsed_time(e))
print(json.dumps({"tool": "cublas-addmm", "n": n, "median_ms": statistics.median(ts), "max_abs_error_sampled": err, "allow_tf32": False}))
