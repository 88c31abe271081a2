#!/usr/bin/env bash
# Scalar forwarding and gathers (docs/kernels.md), in one call on the GPU:
#  - ludcmp at LARGE (n = 2000) with no flags, now (its scalar forwarded,
#    lu's 3 launches per step) against the kernels before (LOOPTILE_BEFORE:
#    n^2/2 one-work-item launches, cut at LIMIT seconds), with the host
#    loops' two policies, beside its C on one core of the same machine;
#  - the gathers of test/Differential/Inputs/gathers.c and the sparse
#    product of test/CodeGen/Inputs/gather_scatter.c, with no flags,
#    against torch (embedding, gather, x[col]) and the copy bandwidth.
# Each kernel is validated on the device first, at a ragged size.
#
#   LOOPTILE_BEFORE=OLD/looptile bench/forward_gathers.sh prepare [DIR]
#   bench/forward_gathers.sh run DIR OUT [DEVICE]      # the GPU machine
set -eu
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
MODE=${1:?usage: bench/forward_gathers.sh prepare [DIR] | run DIR OUT [DEVICE]}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# name | source | function ('-': the file's one) | validated at | timed at
FORMS="
ludcmp|bench/polybench/ludcmp.c|-|n=61|n=2000
embed|test/Differential/Inputs/gathers.c|embed|T=31,V=11,D=29|T=65536,V=50000,D=256
xent|test/Differential/Inputs/gathers.c|xent|B=33,C=19|B=8192,C=32000
spmv_ell|test/CodeGen/Inputs/gather_scatter.c|spmv_ell|n=37,m=53,K=5|n=1048576,m=1048576,K=32
"
if [ "$MODE" = prepare ]; then
  DIR=${2:-build/forward-gathers}
  prepare_forms "$DIR" "$ROOT" "$FORMS"
  "${LOOPTILE_BEFORE:?LOOPTILE_BEFORE=the looptile to compare with}" \
    "$ROOT/bench/polybench/ludcmp.c" -o "$DIR/ludcmp.before.cl" > /dev/null 2>&1
  python3 "$HERE/c_time.py" build "$DIR/ludcmp.json" "$DIR/ludcmp.ctime"
  prepared "$DIR" "$ROOT"
  exit 0
fi
run_side "${2:-}" "${3:-}" "${4:-gpu}"
"$DIR/bin/looptile-bench-copy" $((256 << 20)) --device "$DEVICE" --reps 20 > "$OUT/copy.txt" 2>&1 || true
python3 "$DIR/bin/torch_forms.py" 10 > "$OUT/torch.jsonl" 2>/dev/null || echo "torch: exit $?" >&2
timed() { # label file sizes reps [extra...]
  local L=$1 F=$2 S=$3 REPS=$4
  shift 4
  J=$(timeout "${LIMIT:-90}" "$R" "$F" -D "$S" --device "$DEVICE" --reps "$REPS" \
        --no-progress --json "$@" 2>/dev/null | grep '^{' || echo '{}')
  python3 - "$J" "$L" "$S" >> "$OUT/times.txt" <<'PY'
import json, sys
j = json.loads(sys.argv[1] or "{}")
print("%-30s %-36s %10s ms %10s GB/s" % (sys.argv[2], sys.argv[3],
      j.get("median_ms", "- (over the limit)"), j.get("gbps", "-")))
PY
}
while IFS='|' read -r K VAL TIME; do
  "$R" "$DIR/$K.cl" -D "$VAL" --device "$DEVICE" --validate --reference "$DIR/$K.ref.so" \
    --reps 1 --no-progress 2>&1 | grep -o 'validation: [A-Z]*' | sed "s/^/$K $VAL /" >> "$OUT/validation.txt" || true
  if [ "$K" = ludcmp ]; then
    for P in auto launches; do
      timed "ludcmp.$P" "$DIR/ludcmp.cl" "$TIME" 3 --host-loops "$P"
    done
    timed "ludcmp.before" "$DIR/ludcmp.before.cl" "$TIME" 1
    "$DIR/ludcmp.ctime" n=2000 2 > "$OUT/ludcmp.c.json" || echo "ludcmp: c exit $?" >&2
  else
    timed "$K" "$DIR/$K.cl" "$TIME" 10
  fi
done < "$DIR/forms.txt"
cat "$OUT/validation.txt" "$OUT/times.txt" "$OUT/ludcmp.c.json"
grep -h -E '"form": "(embed|xent|spmv_ell)"' "$OUT/torch.jsonl" || true
tail -3 "$OUT/copy.txt"
