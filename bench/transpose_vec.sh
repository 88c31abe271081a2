#!/usr/bin/env bash
# The transposition (examples/transpose.c --tile 32) over its tunables TS x
# TSR x TVW x TPW (TVW: the vector path, TPW: tiles per work-group;
# docs/kernels.md "Transpose") at 4096^2 and
# 8192^2, each beside clEnqueueCopyBuffer of the same bytes in the same run
# (issue 15: the goal is 0.97 of the copy at both sizes).
#
#   bench/transpose_vec.sh prepare DIR   # here: DIR (under build/, so that
#                                        # git ignores it) gets looptile-run,
#                                        # looptile-bench-copy, gpu_env.sh, the
#                                        # kernel, its manifest and mapping,
#                                        # the reference shim and DIR/run.sh
#   bash DIR/run.sh                      # the GPU machine (no compiler
#                                        # needed): the copy at each size, a
#                                        # few settings validated at 8192^2
#                                        # and a ragged size, then every
#                                        # setting timed; one line per setting
#                                        # with ms and the ratio to the copy;
#                                        # DIR/results.jsonl
#
# run.sh reads DEVICE (default gpu), SIZES (default "4096 8192"), VSIZE (the
# validation size, default 8192), REPS (default 20), SETTINGS and VALIDATE
# (space-separated --set values) and BUDGET (seconds, default 220: the
# settings left when it is spent are skipped and listed as such).
set -eu
MODE=${1:?usage: bench/transpose_vec.sh prepare DIR}
DIR=${2:?usage: bench/transpose_vec.sh prepare DIR}
[ "$MODE" = prepare ] || { echo "unknown mode '$MODE'" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
# Inside the source tree DIR must be one git ignores (build/...).
mkdir -p "$(dirname "$DIR")"
ABS=$(cd "$(dirname "$DIR")" && pwd)/$(basename "$DIR")
case "$ABS/" in
"$(cd "$HERE/.." && pwd)"/*)
  git -C "$HERE/.." check-ignore -q "$ABS/run.sh" 2>/dev/null || {
    echo "DIR must be git-ignored (e.g. under build/): '$DIR'" >&2
    exit 2
  } ;;
esac
LOOPTILE=${LOOPTILE:-build/bin/looptile}
RUN=${LOOPTILE_RUN:-build/bin/looptile-run}
COPY=${LOOPTILE_BENCH_COPY:-build/bin/looptile-bench-copy}
rm -rf "$DIR" && mkdir -p "$DIR/bin"
cp "$RUN" "$DIR/bin/looptile-run"
cp "$COPY" "$DIR/bin/looptile-bench-copy"
cp "$HERE/gpu_env.sh" "$DIR/gpu_env.sh"
"$LOOPTILE" "$HERE/../examples/transpose.c" --tile 32 -o "$DIR/tr.cl" \
  --print-mapping > "$DIR/tr.mapping.txt"
"$DIR/bin/looptile-run" "$DIR/tr.cl" --build-reference "$DIR/tr.ref.so"
git -C "$HERE" rev-parse HEAD > "$DIR/commit.txt" 2>/dev/null || true

cat > "$DIR/run.sh" <<'RUNSH'
#!/usr/bin/env bash
# Written by bench/transpose_vec.sh prepare; see there.
set -u
D=$(cd "$(dirname "$0")" && pwd)
DEVICE=${DEVICE:-gpu}
SIZES=${SIZES:-"4096 8192"}
VSIZE=${VSIZE:-8192}
REPS=${REPS:-20}
BUDGET=${BUDGET:-220}
# TS x TSR x TVW (x TPW) with at most 256 work-items (NVIDIA's limit for
# this kernel) and TS a multiple of TSR*TVW: the default (32 x 8, scalar)
# first, the best scalar setting measured so far (64 x 4) second.
SETTINGS=${SETTINGS:-"TS=32,TSR=8,TVW=1 TS=64,TSR=4,TVW=1
  TS=64,TSR=4,TVW=2 TS=64,TSR=4,TVW=4 TS=64,TSR=2,TVW=1 TS=64,TSR=2,TVW=2
  TS=64,TSR=2,TVW=4 TS=64,TSR=1,TVW=2 TS=64,TSR=1,TVW=4 TS=32,TSR=8,TVW=2
  TS=32,TSR=8,TVW=4 TS=32,TSR=4,TVW=1 TS=32,TSR=4,TVW=2 TS=32,TSR=4,TVW=4
  TS=32,TSR=2,TVW=2 TS=32,TSR=2,TVW=4 TS=16,TSR=4,TVW=4 TS=16,TSR=8,TVW=2
  TS=64,TSR=4,TVW=4,TPW=2 TS=64,TSR=4,TVW=4,TPW=4 TS=64,TSR=2,TVW=4,TPW=2
  TS=32,TSR=8,TVW=4,TPW=2 TS=32,TSR=8,TVW=4,TPW=4 TS=32,TSR=4,TVW=4,TPW=4
  TS=64,TSR=4,TVW=1,TPW=2"}
VALIDATE=${VALIDATE:-"TS=32,TSR=8,TVW=1 TS=64,TSR=4,TVW=4 TS=64,TSR=2,TVW=2 TS=32,TSR=8,TVW=4 TS=32,TSR=4,TVW=4,TPW=4"}
. "$D/gpu_env.sh"
[ "$DEVICE" = gpu ] && register_nvidia_icd
R="$D/bin/looptile-run"
K="$D/tr.cl"
OUTF="$D/results.jsonl"
: > "$OUTF"
field() { # json key
  python3 -c 'import json, sys
try: print(json.loads(sys.argv[1])[sys.argv[2]])
except Exception: print("-")' "$1" "$2"
}
declare -A COPY_MS
for S in $SIZES; do
  J=$("$D/bin/looptile-bench-copy" $((4 * S * S)) --device "$DEVICE" --reps "$REPS")
  COPY_MS[$S]=$(field "$J" median_ms)
  echo "{\"size\": $S, \"copy\": $J}" >> "$OUTF"
  echo "copy ${S}^2 floats: ${COPY_MS[$S]} ms ($(field "$J" gbps) GB/s)"
done
# Validation: at VSIZE every work-group takes the vector path (TVW > 1); at
# VSIZE-1 x VSIZE+1 the edge work-groups and the unaligned rows take the
# scalar path.
for V in $VALIDATE; do
  for SZ in "height=$VSIZE,width=$VSIZE" "height=$((VSIZE - 1)),width=$((VSIZE + 1))"; do
    OUT=$("$R" "$K" -D "$SZ" --set "$V" --device "$DEVICE" --validate \
      --reference "$D/tr.ref.so" --no-tune-cache --reps 1 --no-progress 2>&1 |
      grep -o 'validation: [A-Z]*' || echo "validation: ERROR")
    echo "validate $V at $SZ: $OUT"
    echo "{\"validate\": \"$V\", \"sizes\": \"$SZ\", \"result\": \"$OUT\"}" >> "$OUTF"
  done
done
printf '%-6s %-20s %10s %8s\n' size setting ms x_copy
for V in $SETTINGS; do
  for S in $SIZES; do
    if [ "$SECONDS" -ge "$BUDGET" ]; then
      echo "${S} $V: skipped (time budget of ${BUDGET} s spent)"
      continue
    fi
    J=$("$R" "$K" -D "height=$S,width=$S" --set "$V" --device "$DEVICE" \
      --no-tune-cache --json --reps "$REPS" --no-progress 2>"$D/err.txt" |
      grep '^{' || echo '{}')
    echo "{\"size\": $S, \"setting\": \"$V\", \"copy_ms\": \"${COPY_MS[$S]}\", \"run\": $J}" >> "$OUTF"
    MS=$(field "$J" median_ms)
    RATIO=$(python3 -c 'import sys
try: print("%.3f" % (float(sys.argv[1]) / float(sys.argv[2])))
except Exception: print("-")' "${COPY_MS[$S]}" "$MS")
    printf '%-6s %-20s %10s %8s\n' "$S" "$V" "$MS" "$RATIO"
    [ "$J" = '{}' ] && sed 's/^/  /' "$D/err.txt"
  done
done
echo "results: $OUTF ($SECONDS s)"
RUNSH
chmod +x "$DIR/run.sh"
echo "prepared $DIR: run 'bash $DIR/run.sh' on the GPU machine"
