#!/usr/bin/env bash
# The forms of issue 24 with no flags, on the GPU against their references
# measured in the same call: the size_t and ?:-epilogue contractions and a
# row-wise softmax against torch (cuBLAS, cuDNN), the factorisations and
# wavefronts that the affine scheduler maps against their C on one CPU core
# of the same machine (bench/c_time.py). Kernels are validated on the GPU
# at a smaller ragged size first (the C reference is slow at the timed one).
#
#   bench/gpu_forms.sh prepare [DIR]     # here: kernels, shims, C timers
#   bench/gpu_forms.sh run DIR OUT       # the GPU machine; OUT/*.json
#   FORMS_SET=polybench bench/gpu_forms.sh prepare|run ...   # every
#       PolyBench-style kernel at LARGE against its C (GREPS, CREPS: reps)
#   FORMS_ONLY="NAME ..." bench/gpu_forms.sh prepare ...   # those forms only
set -eu
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
MODE=${1:?usage: bench/gpu_forms.sh prepare [DIR] | run DIR OUT}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# name | source | function ('-' for the file's one) | validated at | timed at
# | reference (torch: bench/torch_forms.py; c: the C on one core)
FORMS="
abt|test/CodeGen/Inputs/tiled_index_types.c|abt|M=1001,N=999,K=257|M=4096,N=4096,K=4096|torch
abt_int|test/Mapping/Inputs/abt.c|-|M=1001,N=999,K=257|M=4096,N=4096,K=4096|torch
bmm|test/CodeGen/Inputs/tiled_index_types.c|bmm|Bt=3,M=257,N=255,K=129|Bt=16,M=1024,N=1024,K=1024|torch
dense_relu|test/CodeGen/Inputs/tiled_index_types.c|dense_relu|B=1001,I=257,O=999|B=4096,I=4096,O=4096|torch
softmax|test/Mapping/Inputs/softmax.c|softmax|R=1001,C=4097|R=8192,C=4096|torch
lu|bench/polybench/lu.c|-|n=301|n=500|c
cholesky|bench/polybench/cholesky.c|-|n=301|n=500|c
nussinov|bench/polybench/nussinov.c|-|n=301|n=500|c
trisolv|bench/polybench/trisolv.c|-|n=301|n=2000|c
floyd-warshall|bench/polybench/floyd-warshall.c|-|n=101|n=500|c
lu-large|bench/polybench/lu.c|-|n=301|n=2000|c
cholesky-large|bench/polybench/cholesky.c|-|n=301|n=2000|c
nussinov-large|bench/polybench/nussinov.c|-|n=301|n=2500|c
"
# Each form also as written (--schedule=as-written: the mapping before this
# stage's scheduler and cost-model changes, for these forms) at the timed
# size, except the -large ones (n^2/2 launches there take minutes)."
# FORMS_SET=polybench: every PolyBench-style kernel instead (validated at
# its ragged size, timed at LARGE; bench/polybench/sizes.txt), against its C.
if [ "${FORMS_SET:-}" = polybench ]; then
  FORMS=$(grep -v '^#' "$HERE/polybench/sizes.txt" |
    awk 'NF { print $1 "-large|bench/polybench/" $1 ".c|-|" $2 "|" $3 "|c" }')
fi
# FORMS_ONLY="nussinov-large durbin-large": only the forms named.
if [ -n "${FORMS_ONLY:-}" ]; then
  FORMS=$(echo "$FORMS" |
    awk -F'|' -v only=" $FORMS_ONLY " 'NF && index(only, " " $1 " ")')
fi
if [ "$MODE" = prepare ]; then
  DIR=${2:-build/forms}
  rm -rf "$DIR" && mkdir -p "$DIR/bin"
  cp "${LOOPTILE_RUN:-build/bin/looptile-run}" "$DIR/bin/"
  cp "$HERE/torch_forms.py" "$DIR/bin/"
  echo "$FORMS" | while IFS='|' read -r K SRC FN VAL TIME REF; do
    [ -n "$K" ] || continue
    FLAG=""
    [ "$FN" = - ] || FLAG="--function $FN"
    generate_kernel "$DIR" "$K" "$ROOT/$SRC" $FLAG
    case "$K" in *-large) ;; *)
      "${LOOPTILE:-build/bin/looptile}" "$ROOT/$SRC" $FLAG --schedule=as-written \
        -o "$DIR/$K.before.cl" > "$DIR/$K.before.mapping.txt" 2>&1 ||
        rm -f "$DIR/$K.before.cl" ;; # refused as written (floyd-warshall)
    esac
    [ "$REF" = c ] && python3 "$HERE/c_time.py" build "$DIR/$K.json" "$DIR/$K.ctime"
    echo "$K|$VAL|$TIME|$REF" >> "$DIR/forms.txt"
  done
  prepared "$DIR" "$ROOT"
  exit 0
fi
DIR=${2:?DIR}
OUT=${3:?OUT}
register_nvidia_icd
mkdir -p "$OUT"
python3 "$DIR/bin/torch_forms.py" 20 > "$OUT/torch.jsonl" || echo "torch: exit $?" >&2
while IFS='|' read -r K VAL TIME REF; do
  "$DIR/bin/looptile-run" "$DIR/$K.cl" -D "$VAL" --device gpu --validate \
    --reference "$DIR/$K.ref.so" --reps 1 --no-progress --json \
    > "$OUT/$K.validate.json" 2> "$OUT/$K.validate.err" || echo "$K: validation exit $?" >&2
  "$DIR/bin/looptile-run" "$DIR/$K.cl" -D "$TIME" --device gpu --reps "${GREPS:-5}" \
    --no-progress --json > "$OUT/$K.gpu.json" 2> "$OUT/$K.gpu.err" || echo "$K: run exit $?" >&2
  if [ -f "$DIR/$K.before.cl" ]; then
    timeout 120 "$DIR/bin/looptile-run" "$DIR/$K.before.cl" -D "$TIME" --device gpu --reps 2 \
      --no-progress --json > "$OUT/$K.before.json" 2> "$OUT/$K.before.err" || echo "$K: before exit $?" >&2
  fi
  if [ "$REF" = c ]; then
    "$DIR/$K.ctime" $(echo "$TIME" | tr ',' ' ') "${CREPS:-2}" > "$OUT/$K.c.json" || echo "$K: c exit $?" >&2
  fi
done < "$DIR/forms.txt"
echo "done $OUT"
