#!/usr/bin/env bash
# Sweeps the register-tiled matmul kernel's tunables on the GPU with
# looptile-run --set (no regeneration: the sizes are macros), at one shape,
# and prints one JSON line per valid setting. Invalid settings (work-group or
# local memory over the device's limits) are reported by looptile-run and
# skipped. Usage: bench/gpu_sweep_register_tile.sh KERNEL.cl M N K
set -u
CL=$1; M=$2; N=$3; K=$4
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
R=build/bin/looptile-run
for W in 4x4 4x8 8x4 8x8; do
  WM=${W%x*}; WN=${W#*x}
  for TM in 64 128; do for TN in 64 128; do for TK in 8 16 32; do
    # at most 1024 work-items, at least 64
    NT=$(( (TM / WM) * (TN / WN) ))
    [ $NT -le 1024 ] && [ $NT -ge 64 ] || continue
    $R "$CL" -D M=$M,N=$N,K=$K --device gpu --json --reps 5 --no-progress \
      --set WPTM=$WM,WPTN=$WN,TSM=$TM,TSN=$TN,TSK=$TK 2>&1 | grep '^{' | \
      python3 -c 'import json,sys
for l in sys.stdin:
    d=json.loads(l); print(json.dumps({"tunables": d["tunables"], "median_ms": d["median_ms"], "gflops": d["gflops"]}))'
  done; done; done
done
