#!/usr/bin/env bash
# Index-set splitting (docs/kernels.md, "Affine schedules"): the kernels
# whose default plan this session's mapping changed, timed with no flags
# against the plan the looptile before the change wrote (LOOPTILE_BEFORE)
# and the C on one CPU core of the same machine (bench/c_time.py), in one
# call. Each new kernel is validated on the device first at its ragged
# size, launched and as one work-group (floyd-warshall with path in
# [0, 1000): random ints overflow its sums, undefined in C). cholesky and
# nussinov: the host programs whose choice the cost model's count of
# strided accesses decides; ludcmp and lu come along as the
# factorisations' reference points (unchanged plans). seidel-2d: the
# wavefront whose loop bounds divide (docs/kernels.md), against the plan of
# LOOPTILE_BEFORE where that one generates it.
#
#   LOOPTILE_BEFORE=OLD/looptile bench/split_index_sets.sh prepare [DIR]
#   bench/split_index_sets.sh run DIR OUT [DEVICE]   # OUT/*.json
#   ONLY="seidel-2d lu" bench/split_index_sets.sh ...  # just those kernels
set -eu
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
MODE=${1:?usage: bench/split_index_sets.sh prepare [DIR] | run DIR OUT [DEVICE]}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# kernel | validated at | timed at | looptile-run options for inputs |
# "before" timed too (not floyd-warshall at n = 2000: its wavefront's 8
# million launches or one work-group take minutes)
KERNELS="
floyd-warshall|n=23|n=500|--range path=0:1000|yes
floyd-warshall|n=23|n=2000|--range path=0:1000|no
cholesky|n=19|n=2000||yes
nussinov|n=23|n=2500||yes
ludcmp|n=23|n=2000||yes
lu|n=23|n=2000||yes
seidel-2d|tsteps=3,n=19|tsteps=100,n=1000||yes
seidel-2d|tsteps=3,n=19|tsteps=500,n=2000||yes
"
if [ "$MODE" = prepare ]; then
  DIR=${2:-build/split-index-sets}
  rm -rf "$DIR" && mkdir -p "$DIR/bin"
  cp "${LOOPTILE_RUN:-build/bin/looptile-run}" "$DIR/bin/"
  echo "$KERNELS" | while IFS='|' read -r K VAL TIME OPT BEFORE; do
    [ -n "$K" ] || continue
    case " ${ONLY:-$K} " in *" $K "*) ;; *) continue ;; esac
    if [ ! -f "$DIR/$K.cl" ]; then
      generate_kernel "$DIR" "$K" "$HERE/polybench/$K.c"
      "${LOOPTILE_BEFORE:?LOOPTILE_BEFORE=the looptile to compare with}" \
        "$HERE/polybench/$K.c" -o "$DIR/$K.before.cl" > /dev/null 2>&1 ||
        echo "$K: LOOPTILE_BEFORE refuses it" >&2
      python3 "$HERE/c_time.py" build "$DIR/$K.json" "$DIR/$K.ctime"
    fi
    echo "$K|$VAL|$TIME|$OPT|$BEFORE" >> "$DIR/kernels.txt"
  done
  prepared "$DIR" "$ROOT"
  exit 0
fi
run_side "${2:-}" "${3:-}" "${4:-gpu}"
LIMIT=${LIMIT:-100}
while IFS='|' read -r K VAL TIME OPT BEFORE; do
  T=$(echo "$TIME" | tr ',=' '__')
  # shellcheck disable=SC2086
  for P in launches one-work-group; do
    run_host_loops "$K.validate.$P" "$DIR/$K.cl" "$VAL" "$P" 1 --validate \
      --reference "$DIR/$K.ref.so" $OPT
  done
  # shellcheck disable=SC2086
  run_host_loops "$K.$T.new" "$DIR/$K.cl" "$TIME" auto "${GREPS:-3}" $OPT
  # shellcheck disable=SC2086
  [ "$BEFORE" = no ] || [ ! -f "$DIR/$K.before.cl" ] ||
    run_host_loops "$K.$T.before" "$DIR/$K.before.cl" "$TIME" auto "${GREPS:-3}" $OPT
  "$DIR/$K.ctime" $(echo "$TIME" | tr ',' ' ') "${CREPS:-2}" > "$OUT/$K.$T.c.json" ||
    echo "$K: c exit $?" >&2
done < "$DIR/kernels.txt"
summarize
echo "done $OUT"
