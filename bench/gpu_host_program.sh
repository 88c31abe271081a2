#!/usr/bin/env bash
# The 2-D Jacobi host program (examples/jacobi_2d.c) on the GPU: time per
# step at 4096^2 and 8192^2 against the copy bandwidth of the same run, and
# the host-device transfers and launches of one call of the host glue's
# Session (issue 12; bench/README.md, "Host programs").
#
#   bench/gpu_host_program.sh prepare   # development machine -> build/gpuhost
#   bench/gpu_host_program.sh run       # GPU machine, build/gpuhost copied over
#
# Per step: kernel time of a T=100 run / 100 (two launches, each reading
# and writing about 4*N^2 bytes, 16*N^2 bytes per step); compare with
# looptile-bench-copy's GB/s (read + write) at 4*N^2 bytes.
set -eu
G=${G:-build/gpuhost}
case "${1:-}" in
prepare)
  rm -rf "$G" && mkdir -p "$G/bin" "$G/k"
  cp build/bin/looptile-run build/bin/looptile-bench-copy \
     build/bin/looptile-bench-host-session "$G/bin/"
  build/bin/looptile examples/jacobi_2d.c -o "$G/k/jacobi_2d.cl"
  build/bin/looptile-run "$G/k/jacobi_2d.cl" --build-reference "$G/k/jacobi_ref.so"
  ;;
run)
  mkdir -p /etc/OpenCL/vendors
  [ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  R="$G/bin/looptile-run"
  for n in 4096 8192; do
    "$G/bin/looptile-bench-copy" $((n * n * 4)) --device gpu --reps 20
  done
  "$R" "$G/k/jacobi_2d.cl" -D T=10,N=4096 --device gpu --validate --reference "$G/k/jacobi_ref.so" --reps 3 --no-progress
  "$R" "$G/k/jacobi_2d.cl" -D T=5,N=8192 --device gpu --validate --reference "$G/k/jacobi_ref.so" --reps 3 --no-progress
  for n in 4096 8192; do
    "$R" "$G/k/jacobi_2d.cl" -D T=100,N=$n --device gpu --reps 10 --no-progress --json
  done
  for n in 4096 8192; do
    LOOPTILE_DEVICE=gpu "$G/bin/looptile-bench-host-session" "$G/k/jacobi_2d.json" "$G/k/jacobi_2d.cl" 100 $n 3
  done
  ;;
*)
  echo "usage: $0 prepare|run" >&2
  exit 2
  ;;
esac
