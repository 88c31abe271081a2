#!/usr/bin/env python3
"""Runs a matmul kernel's PTX, as NVIDIA's OpenCL driver compiled it,
through the CUDA driver API, so that Nsight Compute can profile it.

Issue 15 asks for the profile that explains the gap to cuBLAS. Nsight
Compute (`ncu`) profiles CUDA launches only; it reports "No kernels were
profiled" for OpenCL. The PTX that the OpenCL driver builds from the
generated kernel (`looptile-bench-build-info FILE.cl --binary OUT.ptx`,
bench/gpu_sass.sh) is ordinary PTX, though, and the CUDA driver loads it: the same code then
runs as a CUDA launch, with the work-group shape as the block and the
work-group count as the grid. One edit is needed. The OpenCL driver hands
a kernel the launch's group offset and group count in environment
registers, which a CUDA launch leaves undefined: this matmul's PTX reads
get_group_id(d) as %ctaid + %envreg<d> and get_num_groups(0) and (1) as
%envreg6 and %envreg7. They are replaced by 0 (no global offset) and by
%nctaid.x and .y; any other environment register is refused. The
validation against torch.mm checks the result.

    ncu --section WarpStateStats ... python3 bench/ptx_profile.py mmm.ptx \\
        --entry mmm --size 4096x4096x4096 --tile 128x128 --block 16x16

Allocates A (M x K) and B (K x N) with PyTorch, launches `entry(M, N, K,
A, B, C)` (the argument order of looptile's register-tiled matmul) over
ceil(N / TSN) x ceil(M / TSM) blocks, checks C against torch.mm (TF32
off) and prints one JSON line: the median time over --reps (CUDA events
around each launch), "kernel_ms" (the mean device time of the kernel in
the profiler's records, kernel only, as bench/cublas_reference.py times
cuBLAS) and the validation. With --cublas it also runs torch.mm itself,
so that one ncu session profiles both. Exit status 0 when valid, 1 when
C is wrong, 2 on a usage error.
"""
import argparse
import ctypes
import json
import os
import re
import sys


def check(lib, rc, what):
    if rc != 0:
        name = ctypes.c_char_p()
        lib.cuGetErrorName(rc, ctypes.byref(name))
        sys.exit("%s failed: %s" % (what, name.value.decode() if name.value else rc))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ptx")
    ap.add_argument("--entry", default="mmm")
    ap.add_argument("--size", default="4096x4096x4096", help="MxNxK")
    ap.add_argument("--tile", default="128x128", help="TSMxTSN")
    ap.add_argument("--block", default="16x16", help="work-group: dim0xdim1")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--cublas", action="store_true")
    a = ap.parse_args()
    try:
        M, N, K = (int(x) for x in a.size.split("x"))
        TSM, TSN = (int(x) for x in a.tile.split("x"))
        B0, B1 = (int(x) for x in a.block.split("x"))
    except ValueError:
        ap.error("sizes are NxM-style integers")
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    dev = torch.device("cuda")
    A = torch.rand(M, K, device=dev) - 0.5
    B = torch.rand(K, N, device=dev) - 0.5
    C = torch.zeros(M, N, device=dev)
    torch.cuda.synchronize()  # the primary context is now current

    lib = ctypes.CDLL("libcuda.so.1")
    ptx = open(a.ptx, "rb").read().replace(b"\0", b"").decode()
    env = {"0": "0", "1": "0", "2": "0", "6": "%nctaid.x", "7": "%nctaid.y", "8": "%nctaid.z"}
    for r in sorted(set(re.findall(r"%envreg(\d+)", ptx))):
        if r not in env:
            sys.exit("unknown environment register %%envreg%s in %s" % (r, a.ptx))
    ptx = re.sub(r"mov\.b32(\s+%r\d+),\s*%envreg(\d+);",
                 lambda m: "mov.u32%s, %s;" % (m.group(1), env[m.group(2)]), ptx)
    if "%envreg" in ptx:
        sys.exit("an environment register is read other than by mov.b32")
    ptx = ptx.encode() + b"\0"
    mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
    check(lib, lib.cuModuleLoadData(ctypes.byref(mod), ctypes.c_char_p(ptx)), "cuModuleLoadData")
    check(lib, lib.cuModuleGetFunction(ctypes.byref(fn), mod, a.entry.encode()), "cuModuleGetFunction")
    args = [ctypes.c_int(M), ctypes.c_int(N), ctypes.c_int(K),
            ctypes.c_uint64(A.data_ptr()), ctypes.c_uint64(B.data_ptr()),
            ctypes.c_uint64(C.data_ptr())]
    params = (ctypes.c_void_p * len(args))(*[ctypes.cast(ctypes.pointer(x), ctypes.c_void_p) for x in args])
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    grid = ((N + TSN - 1) // TSN, (M + TSM - 1) // TSM)

    def launch():
        check(lib, lib.cuLaunchKernel(fn, grid[0], grid[1], 1, B0, B1, 1, 0, stream, params, None),
              "cuLaunchKernel")

    times = []
    for _ in range(max(a.reps, 1)):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        launch()
        e.record()
        e.synchronize()
        times.append(s.elapsed_time(e))
    times.sort()
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from cublas_reference import kernel_only
    prof = kernel_only(torch, launch, max(a.reps, 1))
    ref = torch.mm(A, B)
    err = (C - ref).abs().max().item()
    tol = 8 * 2.0 ** -24 * K ** 0.5 * ref.abs().max().item() * 4
    out = {"tool": "ptx_profile", "entry": a.entry, "M": M, "N": N, "K": K,
           "grid": grid, "block": [B0, B1], "median_ms": times[len(times) // 2],
           "tflops": 2.0 * M * N * K / times[len(times) // 2] / 1e9,
           "max_abs_error": err, **prof, "validation": "passed" if err <= tol else "failed"}
    if a.cublas:
        ct = []
        for _ in range(max(a.reps, 1)):
            s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            s.record()
            torch.mm(A, B, out=C)
            e.record()
            e.synchronize()
            ct.append(s.elapsed_time(e))
        ct.sort()
        out["cublas_median_ms"] = ct[len(ct) // 2]
        out.update(("cublas_" + k, v) for k, v in kernel_only(
            torch, lambda: torch.mm(A, B, out=C), max(a.reps, 1)).items())
    print(json.dumps(out))
    return 0 if err <= tol else 1


if __name__ == "__main__":
    sys.exit(main())
