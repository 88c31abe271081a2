#!/usr/bin/env bash
# Host loops in one work-group (docs/kernels.md): the PolyBench-style
# kernels whose host program has a loop on the host, with no flags, timed
# at LARGE three ways in one call: every launch (--host-loops=launches),
# the whole loop as one kernel of one work-group (one-work-group), and the
# runtime's choice (auto, the default), beside the C on one CPU core of the
# same machine (bench/c_time.py). Each kernel is validated on the device
# first with the one-work-group kernel forced, at its ragged size. A
# jacobi-1d sweep over n (100 steps) times launches against the one
# work-group (256 work-items, the most NVIDIA's driver allows the kernel):
# where the two cross is what the manifest's max_items should say. (ludcmp
# is left out: at LARGE its n^2/2 one-work-item steps take over a minute
# either way.)
#
#   bench/host_loops.sh prepare [DIR]    # here: kernels, shims, C timers
#   bench/host_loops.sh run DIR OUT [DEVICE]   # the GPU machine; OUT/*.json
set -eu
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
MODE=${1:?usage: bench/host_loops.sh prepare [DIR] | run DIR OUT [DEVICE]}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# kernel | validated at | timed at (LARGE, bench/polybench/sizes.txt)
KERNELS="
jacobi-1d|tsteps=5,n=37|tsteps=500,n=2000
trisolv|n=23|n=2000
durbin|n=23|n=2000
nussinov|n=23|n=2500
cholesky|n=19|n=2000
lu|n=23|n=2000
gramschmidt|m=37,n=19|m=1000,n=1200
trmm|m=13,n=17|m=1000,n=1200
fdtd-2d|tmax=4,nx=13,ny=17|tmax=500,nx=1000,ny=1200
jacobi-2d|tsteps=4,n=19|tsteps=500,n=1300
heat-3d|tsteps=3,n=11|tsteps=500,n=120
floyd-warshall|n=23|n=500
"
if [ "$MODE" = prepare ]; then
  DIR=${2:-build/host-loops}
  rm -rf "$DIR" && mkdir -p "$DIR/bin"
  cp "${LOOPTILE_RUN:-build/bin/looptile-run}" "$DIR/bin/"
  echo "$KERNELS" | while IFS='|' read -r K VAL TIME; do
    [ -n "$K" ] || continue
    generate_kernel "$DIR" "$K" "$HERE/polybench/$K.c"
    python3 "$HERE/c_time.py" build "$DIR/$K.json" "$DIR/$K.ctime"
    echo "$K|$VAL|$TIME" >> "$DIR/kernels.txt"
  done
  prepared "$DIR" "$ROOT"
  exit 0
fi
run_side "${2:-}" "${3:-}" "${4:-gpu}"
while IFS='|' read -r K VAL TIME; do
  run_host_loops "$K.validate" "$DIR/$K.cl" "$VAL" one-work-group 1 --validate \
    --reference "$DIR/$K.ref.so"
  for P in launches one-work-group auto; do
    run_host_loops "$K.$P" "$DIR/$K.cl" "$TIME" "$P" "${GREPS:-3}"
  done
  "$DIR/$K.ctime" $(echo "$TIME" | tr ',' ' ') "${CREPS:-2}" > "$OUT/$K.c.json" ||
    echo "$K: c exit $?" >&2
done < "$DIR/kernels.txt"
# The crossing: jacobi-1d, 100 steps, n from 1e3 to 1e6.
for N in 1000 4000 8000 16000 32000 64000; do
  run_host_loops "sweep.$N.launches" "$DIR/jacobi-1d.cl" "tsteps=100,n=$N" launches 3
  run_host_loops "sweep.$N.wg256" "$DIR/jacobi-1d.cl" "tsteps=100,n=$N" one-work-group 3
done
# One line per result, for the report.
summarize
echo "done $OUT"
