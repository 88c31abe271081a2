#!/usr/bin/env bash
# Column reductions (a work-group of 32 columns by 8 lanes over the rows,
# docs/kernels.md "Reductions") against the kernels before them (one
# work-item per column) and against torch, in one call on the GPU: the
# column mean and variance of test/CodeGen/Inputs/column_reductions.c at
# three shapes, and the PolyBench-style kernels whose mapping they changed
# at LARGE; each new kernel validated on the device first at a ragged size.
# The copy bandwidth of the same run is the memory-bound reference.
#
#   LOOPTILE_BEFORE=OLD/looptile bench/column_reductions.sh prepare [DIR]
#   bench/column_reductions.sh run DIR OUT [DEVICE]    # the GPU machine
set -eu
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
MODE=${1:?usage: bench/column_reductions.sh prepare [DIR] | run DIR OUT [DEVICE]}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# name | source | function ('-': the file's one) | validated at | timed at
FORMS="
col_mean|test/CodeGen/Inputs/column_reductions.c|col_mean|R=257,C=33|R=8192,C=8192 R=8192,C=1024 R=1024,C=65536
col_var|test/CodeGen/Inputs/column_reductions.c|col_var|R=257,C=33|R=8192,C=8192 R=8192,C=1024 R=1024,C=65536
atax|bench/polybench/atax.c|-|m=19,n=21|m=1900,n=2100
bicg|bench/polybench/bicg.c|-|m=19,n=21|m=1900,n=2100
mvt|bench/polybench/mvt.c|-|n=23|n=2000
gemver|bench/polybench/gemver.c|-|n=23|n=2000
covariance|bench/polybench/covariance.c|-|m=13,n=17|m=1200,n=1400
correlation|bench/polybench/correlation.c|-|m=13,n=17|m=1200,n=1400
"
if [ "$MODE" = prepare ]; then
  DIR=${2:-build/columns}
  prepare_forms "$DIR" "$ROOT" "$FORMS" all
  prepared "$DIR" "$ROOT"
  exit 0
fi
run_side "${2:-}" "${3:-}" "${4:-gpu}"
"$DIR/bin/looptile-bench-copy" $((256 << 20)) --device "$DEVICE" --reps 20 > "$OUT/copy.txt" 2>&1 || true
python3 "$DIR/bin/torch_forms.py" 20 > "$OUT/torch.jsonl" 2>/dev/null || echo "torch: exit $?" >&2
while IFS='|' read -r K VAL TIME; do
  "$R" "$DIR/$K.cl" -D "$VAL" --device "$DEVICE" --validate --reference "$DIR/$K.ref.so" \
    --reps 1 --no-progress 2>&1 | grep -o 'validation: [A-Z]*' | sed "s/^/$K $VAL /" >> "$OUT/validation.txt" || true
  for S in $TIME; do
    for V in "" .before; do
      J=$("$R" "$DIR/$K$V.cl" -D "$S" --device "$DEVICE" --reps 10 --no-progress --json 2>/dev/null | grep '^{' || echo '{}')
      python3 - "$J" "$K$V" "$S" >> "$OUT/times.txt" <<'PY'
import json, sys
j = json.loads(sys.argv[1] or "{}")
print("%-18s %-22s %10s ms %10s GB/s" % (sys.argv[2], sys.argv[3],
      j.get("median_ms", "-"), j.get("gbps", "-")))
PY
    done
  done
done < "$DIR/forms.txt"
cat "$OUT/validation.txt" "$OUT/times.txt"
grep -h '"form": "col_' "$OUT/torch.jsonl" || true
tail -3 "$OUT/copy.txt"
