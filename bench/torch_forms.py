#!/usr/bin/env python3
"""Library references (torch: cuBLAS, cuDNN's softmax) for the everyday forms
of bench/forms/ (issue 24), fp32 with TF32 disabled: the median of REPS
CUDA-event timings after three warm-up calls, one JSON object per form.

Usage: bench/torch_forms.py [REPS]     (exit 77 when torch or CUDA is absent)
"""
import json
import statistics
import sys


def main():
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    try:
        import torch
    except ImportError:
        sys.exit(77)
    if not torch.cuda.is_available():
        sys.exit(77)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    dev = torch.device("cuda")
    g = torch.Generator(device=dev).manual_seed(1)

    def rnd(*shape):
        return torch.rand(*shape, device=dev, generator=g)

    def timed(name, fn, **info):
        for _ in range(3):
            fn()
        torch.cuda.synchronize()
        ts = []
        for _ in range(reps):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            fn()
            b.record()
            torch.cuda.synchronize()
            ts.append(a.elapsed_time(b))
        rec = {"form": name, "median_ms": statistics.median(ts),
               "min_ms": min(ts), "reps": reps,
               "device": torch.cuda.get_device_name(0)}
        rec.update(info)
        print(json.dumps(rec), flush=True)

    A, B = rnd(4096, 4096), rnd(4096, 4096)
    timed("abt", lambda: A @ B.t(), call="A @ B.t()", M=4096, N=4096, K=4096)
    X, Y = rnd(16, 1024, 1024), rnd(16, 1024, 1024)
    timed("bmm", lambda: torch.bmm(X, Y), call="torch.bmm", batch=16, n=1024)
    Xd, W, bias = rnd(4096, 4096), rnd(4096, 4096), rnd(4096)
    timed("dense_relu", lambda: torch.relu(torch.addmm(bias, Xd, W.t())),
          call="relu(addmm(bias, X, W.t()))", B=4096, I=4096, O=4096)
    S = rnd(8192, 4096)
    timed("softmax", lambda: torch.softmax(S, dim=1), call="torch.softmax",
          R=8192, C=4096)
    # Column statistics (bench/column_reductions.sh): the mean and the
    # variance of each column, several shapes.
    for r, c in ((8192, 8192), (8192, 1024), (1024, 65536)):
        Mt = rnd(r, c)
        timed("col_mean", lambda: torch.mean(Mt, 0), call="torch.mean(A, 0)",
              R=r, C=c)
        mu = torch.mean(Mt, 0)
        timed("col_var", lambda: torch.mean((Mt - mu) ** 2, 0),
              call="torch.mean((A - mean) ** 2, 0)", R=r, C=c)
    # Gathers (bench/forward_gathers.sh): an embedding lookup, the picked
    # logit of a cross-entropy, a sparse product in ELL form.
    T, V, D = 65536, 50000, 256
    tok, emb = torch.randint(0, V, (T,), device=dev, generator=g), rnd(V, D)
    timed("embed", lambda: torch.nn.functional.embedding(tok, emb) * 2.0,
          call="embedding(tok, emb) * 2", T=T, V=V, D=D)
    Bx, Cx = 8192, 32000
    logits = rnd(Bx, Cx)
    labels = torch.randint(0, Cx, (Bx, 1), device=dev, generator=g)
    timed("xent", lambda: -torch.gather(logits, 1, labels),
          call="-gather(logits, 1, labels)", B=Bx, C=Cx)
    n, m, K = 1 << 20, 1 << 20, 32
    val, col = rnd(n, K), torch.randint(0, m, (n, K), device=dev, generator=g)
    x = rnd(m)
    timed("spmv_ell", lambda: (val * x[col]).sum(1), call="(val * x[col]).sum(1)",
          n=n, m=m, K=K)


if __name__ == "__main__":
    main()
