#!/usr/bin/env bash
# Superseded by bench/run_bench.py (bench/README.md), which adds CLBlast, the
# copy bandwidth, time limits and per-part JSON; kept because the first
# entry of bench/RESULTS.md was measured with it.
#
# Validates and times looptile's generated matmul and transpose kernels on
# the NVIDIA GPU, with cuBLAS (PyTorch, TF32 off) measured in the same run.
#
# Expects, relative to the repository root: build/bin/looptile-run and a
# folder GEN (default build/gpu) holding the generated kernels
# (mmm_naive, mmm_block, mmm_reg4, mmm_reg8, tr_naive, tr_tile16, tr_tile32)
# and the reference shims mmm_ref.so and tr_ref.so built with
# `looptile-run X.cl --build-reference`. Results go to $OUT (JSON lines).
set -u
GEN=${GEN:-build/gpu}
OUT=${OUT:-/tmp/looptile-bench}
mkdir -p "$OUT" /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
R=build/bin/looptile-run
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
$R --list-devices | tee -a "$OUT/device.txt"

run() { # kernel sizes extra...
  local k=$1 s=$2; shift 2
  echo "== $k $s $*" >&2
  $R "$GEN/$k.cl" -D "$s" --device gpu --json "$@" | sed "s/^{/{\"kernel\": \"$k\", \"case\": \"$s\", /" | tee -a "$OUT/results.jsonl"
}

for k in mmm_naive mmm_block mmm_reg4 mmm_reg8; do
  for s in M=512,N=512,K=16 M=512,N=512,K=32 M=512,N=512,K=512 M=511,N=513,K=512 M=1024,N=1024,K=1024; do
    run $k $s --validate --reference "$GEN/mmm_ref.so" --reps 20
  done
  run $k M=2048,N=2048,K=2048 --reps 10
  run $k M=4096,N=4096,K=4096 --reps 5
done
for k in tr_naive tr_tile16 tr_tile32; do
  for s in height=511,width=1025 height=1024,width=1024 height=4096,width=4096; do
    run $k $s --validate --reference "$GEN/tr_ref.so" --reps 20
  done
  run $k height=8192,width=8192 --reps 20
done
python3 bench/cublas_reference.py 512x512x16 512x512x32 512x512x512 511x513x512 \
  1024x1024x1024 2048x2048x2048 4096x4096x4096 | tee "$OUT/cublas.jsonl"
