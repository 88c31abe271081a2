#!/usr/bin/env bash
# Lecture 04's coalescing program (examples/coalescing.c) generated with NO
# flags (the row-staged kernel, docs/kernels.md), then a list of `--set`
# variants of its tunables (WG0, LANES, CHUNK, PAD, PIPE, VEC) timed at
# height = width = 8192 beside the copy bandwidth of the same run, so that
# one call on the GPU machine says which setting is fastest (issue 13: the
# goal is 0.8 of the copy bandwidth).
#
#   bench/membound_sweep.sh prepare [DIR]             # here: the kernel, its
#                                                     # mapping, the reference
#                                                     # shim, the two tools
#                                                     # (default build/coalescing)
#   bench/membound_sweep.sh run [DIR] [DEVICE] [SIZE] # the GPU machine (no
#                                                     # compiler needed): every
#                                                     # variant validated at two
#                                                     # ragged sizes, the default
#                                                     # at SIZE too, then timed
#                                                     # at SIZE (default 8192);
#                                                     # DIR/sweep.jsonl
#
# VARIANTS (space-separated --set values, "default" for none) replaces the
# list below; REPS the timed repetitions (default 20).
set -eu
MODE=${1:?usage: bench/membound_sweep.sh prepare|run [DIR] [DEVICE] [SIZE]}
DIR=${2:-build/coalescing}
DEVICE=${3:-gpu}
SIZE=${4:-8192}
HERE=$(cd "$(dirname "$0")" && pwd)
REPS=${REPS:-20}
# default; chunk after chunk (PIPE=0) and something like the kernel before
# pipelining (64 rows, one work-item per row, element by element); then
# one knob at a time around the default (WG0 = 32, LANES = 4, CHUNK = 64,
# PAD = 1, PIPE = 1, VEC = 1), and a few pairs. Every setting's local
# memory is at most 48 KiB and its work-group at most 1024 work-items.
VARIANTS=${VARIANTS:-"default PIPE=0 PIPE=0,VEC=0,WG0=64,LANES=1 VEC=0
  LANES=1 LANES=2 LANES=8 LANES=16
  WG0=8 WG0=16 WG0=64 WG0=16,LANES=8 WG0=64,LANES=2
  CHUNK=16 CHUNK=32 CHUNK=128 CHUNK=128,LANES=8 CHUNK=32,LANES=8
  PAD=0 PAD=2 PAD=4
  WG0=16,CHUNK=128 WG0=16,CHUNK=128,LANES=8 WG0=8,CHUNK=128,LANES=16
  WG0=128,CHUNK=32 VEC=0,CHUNK=128 PIPE=0,CHUNK=128"}

if [ "$MODE" = prepare ]; then
  LOOPTILE=${LOOPTILE:-build/bin/looptile}
  RUN=${LOOPTILE_RUN:-build/bin/looptile-run}
  COPY=${LOOPTILE_BENCH_COPY:-build/bin/looptile-bench-copy}
  rm -rf "$DIR" && mkdir -p "$DIR/bin"
  cp "$RUN" "$DIR/bin/looptile-run"
  cp "$COPY" "$DIR/bin/looptile-bench-copy"
  "$LOOPTILE" "$HERE/../examples/coalescing.c" -o "$DIR/coalescing.cl" \
    --print-mapping > "$DIR/coalescing.mapping.txt"
  "$DIR/bin/looptile-run" "$DIR/coalescing.cl" \
    --build-reference "$DIR/coalescing.ref.so"
  git -C "$HERE" rev-parse HEAD > "$DIR/commit.txt" 2>/dev/null || true
  echo "prepared $DIR"
  exit 0
fi
[ "$MODE" = run ] || { echo "unknown mode '$MODE'" >&2; exit 2; }

# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
[ "$DEVICE" = gpu ] && register_nvidia_icd
R="$DIR/bin/looptile-run"
K="$DIR/coalescing.cl"
OUTF="$DIR/sweep.jsonl"
# One table row: the run's JSON, the variant, the validation; its time, rate
# and fraction of the copy, or the run's error.
row() {
  python3 - "$1" "$2" "$3" "$COPY_GBPS" "$DIR/err.txt" <<'PY'
import json, sys
j = json.loads(sys.argv[1] or "{}")
gb = j.get("gbps")
frac = "%.2f" % (gb / float(sys.argv[4])) if gb else "-"
print("%-30s %-10s %10s %8s %7s" % (sys.argv[2], sys.argv[3],
      j.get("median_ms", "-"), "%.0f" % gb if gb else "-", frac))
if not j:
    print("  " + open(sys.argv[5]).read().strip().replace("\n", "\n  "))
PY
}
: > "$OUTF"
"$DIR/bin/looptile-bench-copy" $((64 << 20)) --device "$DEVICE" --reps 20 |
  tee "$DIR/copy.txt"
COPY_GBPS=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["gbps"])' "$DIR/copy.txt")
set_args() { # variant
  [ "$1" = default ] || echo "--set $1"
}
# Validation: rows not aligned to four elements (the element path) and
# aligned ones (the vector path), both ragged against every work-group
# size and chunk; the default at the timed size as well.
validate() { # variant sizes
  # shellcheck disable=SC2046
  "$R" "$K" -D "$2" $(set_args "$1") --device "$DEVICE" --validate \
    --reference "$DIR/coalescing.ref.so" --no-tune-cache --reps 1 \
    --no-progress 2>&1 | grep -o 'validation: [A-Z]*' || echo "validation: ERROR"
}
V=$(validate default "height=$SIZE,width=$SIZE")
echo "default at height=$SIZE,width=$SIZE: $V"
printf '%-30s %-10s %10s %8s %7s\n' variant validated median_ms GB/s x_copy
for VAR in $VARIANTS; do
  V1=$(validate "$VAR" height=1031,width=517)
  V2=$(validate "$VAR" height=1029,width=520)
  OK=PASSED
  [ "$V1" = "validation: PASSED" ] && [ "$V2" = "validation: PASSED" ] || OK=FAILED
  # shellcheck disable=SC2046
  J=$("$R" "$K" -D "height=$SIZE,width=$SIZE" $(set_args "$VAR") \
        --device "$DEVICE" --no-tune-cache --json --reps "$REPS" \
        --no-progress 2>"$DIR/err.txt" | grep '^{' || echo '{}')
  echo "{\"variant\": \"$VAR\", \"validation\": \"$OK\", \"copy_gbps\": $COPY_GBPS, \"run\": $J}" >> "$OUTF"
  row "$J" "$VAR" "$OK"
done
# Rows not aligned to four elements (width SIZE - 1): the element path's
# speed at the default and without pipelining.
for VAR in default PIPE=0; do
  # shellcheck disable=SC2046
  J=$("$R" "$K" -D "height=$SIZE,width=$((SIZE - 1))" $(set_args "$VAR") \
        --device "$DEVICE" --no-tune-cache --json --reps "$REPS" \
        --no-progress 2>"$DIR/err.txt" | grep '^{' || echo '{}')
  echo "{\"variant\": \"$VAR width $((SIZE - 1))\", \"copy_gbps\": $COPY_GBPS, \"run\": $J}" >> "$OUTF"
  row "$J" "$VAR, width $((SIZE - 1))" "-"
done
echo "results: $OUTF (copy: $COPY_GBPS GB/s)"
