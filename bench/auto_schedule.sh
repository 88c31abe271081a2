#!/usr/bin/env bash
# Issue 13: the kernels looptile generates with NO flags (the automatic
# schedule, Mapping/AutoSchedule.h) beside the same sources mapped as
# written (--schedule=as-written), timed with looptile-run on one device.
#
#   bench/auto_schedule.sh prepare [DIR]   # development machine (default DIR
#                                          # build/auto): kernels, reference
#                                          # shims, looptile-run
#   bench/auto_schedule.sh run [DIR] [DEVICE]
#                                          # the device machine (DEVICE gpu by
#                                          # default): validates each kernel at
#                                          # a ragged size, then times it; one
#                                          # JSON line per run in
#                                          # DIR/results.jsonl, a table on stdout
#
# The kernels: PolyBench gemm (i-k-j with the beta loop) at 4096^3, syrk
# (lower triangle) at n = 4096, m = 4096, and mat-vec at 16384^2. The
# as-written gemm maps one work-item per row (minutes at 4096^3), so it is
# timed at 1024^3 only. PolyBench's doitgen and syr2k (double) at LARGE
# (doitgen: expanded by the stage, a contraction per batch, against the
# written host program of nr * nq launches; syr2k: the triangle
# register-tiled), and a batched matmul of 16 x 1024^3. The i-j-k matmul of
# examples/mmm.c with no flags at 4096^3 is the reference issue 13 compares
# the i-k-j gemm to (the same rounding: neither contracts a * b + c).
set -eu
MODE=${1:?usage: bench/auto_schedule.sh prepare|run [DIR] [DEVICE]}
DIR=${2:-build/auto}
DEVICE=${3:-gpu}
SRC=test/Mapping/Inputs
KERNELS="gemm syrk matvec doitgen syr2k batched_matmul mmm abt"
src_of() { # kernel
  if [ "$1" = mmm ]; then echo examples/mmm.c; else echo "$SRC/$1.c"; fi
}

if [ "$MODE" = prepare ]; then
  LOOPTILE=${LOOPTILE:-build/bin/looptile}
  RUN=${LOOPTILE_RUN:-build/bin/looptile-run}
  mkdir -p "$DIR/bin" "$DIR/kernels"
  cp "$RUN" "$DIR/bin/looptile-run"
  for K in $KERNELS; do
    "$LOOPTILE" "$(src_of "$K")" -o "$DIR/kernels/${K}_auto.cl" --print-mapping \
      > "$DIR/kernels/${K}_auto.mapping.txt"
    "$LOOPTILE" "$(src_of "$K")" --schedule=as-written -o "$DIR/kernels/${K}_written.cl"
    "$RUN" "$DIR/kernels/${K}_auto.cl" --build-reference "$DIR/kernels/${K}_ref.so"
  done
  git rev-parse HEAD > "$DIR/commit.txt"
  echo "prepared $DIR (copy it to the device machine, then: bench/auto_schedule.sh run $DIR)"
  exit 0
fi

[ "$MODE" = run ] || { echo "unknown mode '$MODE'" >&2; exit 2; }
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
[ "$DEVICE" = gpu ] && register_nvidia_icd
R="$DIR/bin/looptile-run"
OUTF="$DIR/results.jsonl"
: > "$OUTF"
# kernel variant validate-sizes time-sizes reps
CASES="
gemm auto ni=1031,nj=1033,nk=517 ni=4096,nj=4096,nk=4096 10
gemm written ni=131,nj=133,nk=67 ni=1024,nj=1024,nk=1024 3
syrk auto n=1031,m=517 n=4096,m=4096 10
syrk written n=131,m=67 n=4096,m=4096 3
matvec auto n=4099,m=4097 n=16384,m=16384 20
matvec written n=4099,m=4097 n=16384,m=16384 20
doitgen auto nr=3,nq=37,np=41 nr=150,nq=140,np=160 10
doitgen written nr=3,nq=7,np=9 nr=150,nq=140,np=160 1
syr2k auto n=131,m=67 n=1200,m=1000 10
syr2k written n=131,m=67 n=1200,m=1000 3
batched_matmul auto nb=3,ni=131,nj=133,nk=67 nb=16,ni=1024,nj=1024,nk=1024 5
mmm auto M=1031,N=1033,K=517 M=4096,N=4096,K=4096 10
abt auto M=1031,N=1033,K=517 M=4096,N=4096,K=4096 10
"
printf '%-8s %-8s %-28s %12s %10s %10s  %s\n' kernel schedule sizes median_ms GFLOPS GB/s validation
echo "$CASES" | while read -r K V VS TS REPS; do
  [ -n "$K" ] || continue
  CL="$DIR/kernels/${K}_${V}.cl"
  VAL=$("$R" "$CL" -D "$VS" --device "$DEVICE" --validate \
         --reference "$DIR/kernels/${K}_ref.so" --reps 1 --no-progress 2>&1 |
        grep -o 'validation: [A-Z]*' || echo "validation: ERROR")
  J=$("$R" "$CL" -D "$TS" --device "$DEVICE" --json --reps "$REPS" \
        --no-progress 2>/dev/null | grep '^{' || echo '{}')
  echo "{\"kernel\": \"$K\", \"schedule\": \"$V\", \"sizes\": \"$TS\", \"validated_at\": \"$VS\", \"validation\": \"${VAL#validation: }\", \"run\": $J}" >> "$OUTF"
  python3 - "$J" "$K" "$V" "$TS" "${VAL#validation: }" <<'EOF'
import json, sys
j = json.loads(sys.argv[1] or "{}")
print("%-8s %-8s %-28s %12s %10s %10s  %s" % (
    sys.argv[2], sys.argv[3], sys.argv[4],
    j.get("median_ms", "-"), j.get("gflops", "-"), j.get("gbps", "-"),
    sys.argv[5]))
EOF
done
echo "results: $OUTF"
