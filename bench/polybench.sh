#!/usr/bin/env bash
# PolyBench-style kernels (bench/polybench/*.c, double precision, written the
# way PolyBench/C 4.2.1 writes them) through looptile with NO flags: the
# automatic schedule, host programs for time loops, exact validation against
# the C, then the kernel time at PolyBench's LARGE or EXTRALARGE sizes beside
# the copy bandwidth of the same run (issue 13; bench/README.md).
#
#   bench/polybench.sh prepare [DIR]           # here: kernels, mappings,
#                                              # reference shims, tools
#                                              # (default DIR build/polybench)
#   bench/polybench.sh check [DIR] [DEVICE]    # validate every kernel at its
#                                              # ragged size (DEVICE cpu/gpu)
#   ONLY="adi deriche" bench/polybench.sh check|run ...  # just those kernels
#   bench/polybench.sh run [DIR] [DEVICE] [LARGE|EXTRALARGE]
#                                              # the GPU machine: check, then
#                                              # time; DIR/results.jsonl
set -eu
MODE=${1:?usage: bench/polybench.sh prepare|check|run [DIR] [DEVICE] [DATASET]}
DIR=${2:-build/polybench}
DEVICE=${3:-gpu}
DATASET=${4:-LARGE}
HERE=$(cd "$(dirname "$0")" && pwd)
# SET: the kernel set, a folder of bench/ with sizes.txt and either K.c
# files or a sources.txt naming each kernel's file in the repository
# (polybench, or membound: dot, mat-vec and lecture 04's coalescing
# program, the examples' and tests' own files).
SET=${SET:-polybench}
source_of() { # kernel
  if [ -f "$HERE/$SET/sources.txt" ]; then
    awk -v k="$1" '$1 == k { print $2 }' "$HERE/$SET/sources.txt" |
      sed "s|^|$(cd "$HERE/.." && pwd)/|"
  else
    echo "$HERE/$SET/$1.c"
  fi
}

if [ "$MODE" = prepare ]; then
  LOOPTILE=${LOOPTILE:-build/bin/looptile}
  RUN=${LOOPTILE_RUN:-build/bin/looptile-run}
  COPY=${LOOPTILE_BENCH_COPY:-build/bin/looptile-bench-copy}
  rm -rf "$DIR" && mkdir -p "$DIR/bin" "$DIR/kernels"
  cp "$RUN" "$DIR/bin/looptile-run"
  [ -x "$COPY" ] && cp "$COPY" "$DIR/bin/looptile-bench-copy"
  cp "$HERE/$SET/sizes.txt" "$DIR/sizes.txt"
  grep -v '^#' "$HERE/$SET/sizes.txt" | while read -r K _; do
    [ -n "$K" ] || continue
    if ! "$LOOPTILE" "$(source_of "$K")" -o "$DIR/kernels/$K.cl" \
         --print-mapping > "$DIR/kernels/$K.mapping.txt" 2>&1; then
      echo "prepare: $K: looptile refused it (no flags):" >&2
      cat "$DIR/kernels/$K.mapping.txt" >&2
      exit 1
    fi
    "$DIR/bin/looptile-run" "$DIR/kernels/$K.cl" \
      --build-reference "$DIR/kernels/$K.ref.so"
  done
  git -C "$HERE" rev-parse HEAD > "$DIR/commit.txt" 2>/dev/null || true
  echo "prepared $DIR"
  exit 0
fi

# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
[ "$DEVICE" = gpu ] && register_nvidia_icd
R="$DIR/bin/looptile-run"
FAILED=0
check() { # kernel sizes
  "$R" "$DIR/kernels/$1.cl" -D "$2" --device "$DEVICE" --validate \
    --reference "$DIR/kernels/$1.ref.so" --reps 1 --no-progress 2>&1 |
    grep -o 'validation: [A-Z]*' || echo "validation: ERROR"
}
# ONLY="gemm adi ...": just those kernels (default: every one).
only() { [ -z "${ONLY:-}" ] || case " $ONLY " in *" $1 "*) true ;; *) false ;; esac; }
case "$MODE" in
check)
  while read -r K VS _; do
    case "$K" in ''|'#'*) continue ;; esac
    only "$K" || continue
    V=$(check "$K" "$VS")
    printf '%-12s %-32s %s\n' "$K" "$VS" "$V"
    [ "$V" = "validation: PASSED" ] || FAILED=1
  done < "$DIR/sizes.txt"
  exit $FAILED
  ;;
run)
  OUTF="$DIR/results.jsonl"
  : > "$OUTF"
  [ -x "$DIR/bin/looptile-bench-copy" ] &&
    "$DIR/bin/looptile-bench-copy" $((64 << 20)) --device "$DEVICE" --reps 20 |
      tee "$DIR/copy.txt"
  printf '%-12s %-36s %12s %10s %10s  %s\n' kernel sizes median_ms GFLOPS GB/s validation
  while read -r K VS L XL REPS; do
    case "$K" in ''|'#'*) continue ;; esac
    only "$K" || continue
    TS=$L
    [ "$DATASET" = EXTRALARGE ] && TS=$XL
    V=$(check "$K" "$VS")
    J=$("$R" "$DIR/kernels/$K.cl" -D "$TS" --device "$DEVICE" --json \
          --reps "$REPS" --no-progress 2>/dev/null | grep '^{' || echo '{}')
    echo "{\"kernel\": \"$K\", \"dataset\": \"$DATASET\", \"sizes\": \"$TS\", \"validated_at\": \"$VS\", \"validation\": \"${V#validation: }\", \"run\": $J}" >> "$OUTF"
    python3 - "$J" "$K" "$TS" "${V#validation: }" <<'PY'
import json, sys
j = json.loads(sys.argv[1] or "{}")
print("%-12s %-36s %12s %10s %10s  %s" % (sys.argv[2], sys.argv[3],
      j.get("median_ms", "-"), j.get("gflops", "-"), j.get("gbps", "-"),
      sys.argv[4]))
PY
  done < "$DIR/sizes.txt"
  echo "results: $OUTF"
  ;;
*)
  echo "unknown mode '$MODE'" >&2
  exit 2
  ;;
esac
