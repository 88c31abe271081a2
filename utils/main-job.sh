#!/usr/bin/env bash
# Sets everything up and runs looptile's main job: generate the block-tiled
# OpenCL kernel for examples/mmm.c, then run it on the default OpenCL device
# (the first GPU, else the CPU through PoCL) and validate it against the
# original C function.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh
B=${LOOPTILE_BUILD_DIR:-build}
OUT="$B/main-job"
mkdir -p "$OUT"
"$B"/bin/looptile examples/mmm.c --tile 16 -o "$OUT/mmm.cl" --print-mapping
echo "main-job: wrote $OUT/mmm.cl, $OUT/mmm.json and $OUT/mmm.host.cpp"
"$B"/bin/looptile-run "$OUT/mmm.cl" -D M=1024,N=1024,K=1024 --validate --reps 3
