#!/usr/bin/env bash
# The mapping benchmark (issue 24): for each program of a corpus (the
# PolyBench-style kernels at LARGE, the everyday forms of gpu_forms.sh, the
# memory-bound set), every candidate that the mapping stage lists for it
# (`--schedule=candidate:K`, K from 0, each nest taking its K-th candidate)
# beside the plan it chooses with no flags. Each is validated on the device
# at a ragged size, then timed (LIMIT seconds at most: a candidate of n^2
# launches may take minutes); a candidate whose files are the chosen
# plan's is not run twice. OUT/mapping.txt says, per program, the chosen
# plan's time against the fastest candidate's, and how often the choice is
# within 1.25x of it.
#
#   bench/mapping.sh prepare [DIR]            # here (default build/mapping)
#   bench/mapping.sh run DIR OUT [DEVICE]     # the GPU machine
#   ONLY="gemm lu" bench/mapping.sh prepare|run ...   # just those programs
set -eu
# shellcheck source=bench/gpu_env.sh
. "$(dirname "$0")/gpu_env.sh"
MODE=${1:?usage: bench/mapping.sh prepare [DIR] | run DIR OUT [DEVICE]}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# name | source | function ('-': the file's one) | validated at | timed at
corpus() {
  grep -v '^#' "$HERE/polybench/sizes.txt" |
    awk 'NF { print $1 "|bench/polybench/" $1 ".c|-|" $2 "|" $3 }'
  join <(grep -v '^#' "$HERE/membound/sources.txt" | sort) \
    <(grep -v '^#' "$HERE/membound/sizes.txt" | sort) |
    awk 'NF { print $1 "|" $2 "|-|" $3 "|" $4 }'
  cat <<'EOF'
abt|test/CodeGen/Inputs/tiled_index_types.c|abt|M=257,N=255,K=129|M=4096,N=4096,K=4096
abt_int|test/Mapping/Inputs/abt.c|-|M=257,N=255,K=129|M=4096,N=4096,K=4096
bmm|test/CodeGen/Inputs/tiled_index_types.c|bmm|Bt=3,M=129,N=127,K=65|Bt=16,M=1024,N=1024,K=1024
dense_relu|test/CodeGen/Inputs/tiled_index_types.c|dense_relu|B=257,I=129,O=255|B=4096,I=4096,O=4096
softmax|test/Mapping/Inputs/softmax.c|softmax|R=257,C=1025|R=8192,C=4096
EOF
}
only() { [ -z "${ONLY:-}" ] || case " $ONLY " in *" $1 "*) true ;; *) false ;; esac; }

if [ "$MODE" = prepare ]; then
  DIR=${2:-build/mapping}
  rm -rf "$DIR" && mkdir -p "$DIR/bin"
  cp "${LOOPTILE_RUN:-build/bin/looptile-run}" "$DIR/bin/"
  corpus | while IFS='|' read -r K SRC FN VAL TIME; do
    only "$K" || continue
    FLAG=""
    [ "$FN" = - ] || FLAG="--function $FN"
    # shellcheck disable=SC2086
    generate_kernel "$DIR" "$K" "$ROOT/$SRC" $FLAG
    # The most candidates any nest lists (1 where each nest is kept as
    # written with no other).
    N=$(awk '/^  nest at / { n = 0 } /^    candidate / { n++; if (n > m) m = n }
             END { print (m > 0 ? m : 1) }' "$DIR/$K.mapping.txt")
    VARIANTS=""
    for ((C = 0; C < N; C++)); do
      # shellcheck disable=SC2086
      "${LOOPTILE:-build/bin/looptile}" "$ROOT/$SRC" $FLAG \
        --schedule=candidate:$C -o "$DIR/$K.c$C.cl" --print-mapping \
        > "$DIR/$K.c$C.mapping.txt" 2>&1 || { rm -f "$DIR/$K.c$C".*; continue; }
      # The same kernels and manifest (but for the manifest's own name).
      if cmp -s "$DIR/$K.cl" "$DIR/$K.c$C.cl" &&
         cmp -s <(grep -v '"program":' "$DIR/$K.json") \
           <(grep -v '"program":' "$DIR/$K.c$C.json"); then
        rm -f "$DIR/$K.c$C".*  # the chosen plan
        VARIANTS="$VARIANTS c$C=chosen"
      else
        VARIANTS="$VARIANTS c$C"
      fi
    done
    echo "$K|$VAL|$TIME|$VARIANTS" >> "$DIR/corpus.txt"
  done
  prepared "$DIR" "$ROOT"
  exit 0
fi

run_side "${2:-}" "${3:-}" "${4:-gpu}"
LIMIT=${LIMIT:-30}
while IFS='|' read -r K VAL TIME VARIANTS; do
  only "$K" || continue
  for V in chosen $VARIANTS; do
    case "$V" in *=chosen) continue ;; esac
    F="$DIR/$K.$V.cl"
    [ "$V" = chosen ] && F="$DIR/$K.cl"
    timeout "$LIMIT" "$R" "$F" -D "$VAL" --device "$DEVICE" --validate \
      --reference "$DIR/$K.ref.so" --reps 1 --no-progress --json \
      > "$OUT/$K.$V.validate.json" 2> "$OUT/$K.$V.validate.err" ||
      echo "$K $V: validation exit $?" >&2
    timeout "$LIMIT" "$R" "$F" -D "$TIME" --device "$DEVICE" --reps "${GREPS:-3}" \
      --no-progress --json > "$OUT/$K.$V.json" 2> "$OUT/$K.$V.err" ||
      echo "$K $V: run exit $? (over ${LIMIT}s: 124)" >&2
  done
done < "$DIR/corpus.txt"
summarize
python3 - "$DIR/corpus.txt" "$OUT" "$LIMIT" > "$OUT/mapping.txt" <<'PY'
import json, os, sys
corpus, out, limit = sys.argv[1], sys.argv[2], sys.argv[3]

def load(name):
    try:
        return json.load(open(os.path.join(out, name + ".json")))
    except (OSError, ValueError):
        return {}

rows, within, total, invalid = [], 0, 0, []
for line in open(corpus):
    k, val, time, variants = line.rstrip("\n").split("|")
    if not os.path.exists(os.path.join(out, k + ".chosen.validate.json")):
        continue  # not run (ONLY)
    names = ["chosen"] + [v for v in variants.split() if "=" not in v]
    times = {}
    for v in names:
        ok = load("%s.%s.validate" % (k, v)).get("validation")
        if ok not in ("passed", None):
            invalid.append("%s %s (%s)" % (k, v, ok))
        ms = load("%s.%s" % (k, v)).get("median_ms")
        times[v] = ms if ok == "passed" and ms else None
    if times["chosen"] is None:
        rows.append("%-14s chosen plan not timed" % k)
        continue
    best = min(t for t in times.values() if t is not None)
    ratio = times["chosen"] / best
    total += 1
    within += ratio <= 1.25
    others = " ".join("%s %s" % (v, "%.3f" % t if t is not None
                                 else "(over %ss or failed)" % limit)
                      for v, t in times.items() if v != "chosen")
    rows.append("%-14s chosen %10.3f ms  best %10.3f ms  chosen/best %5.2f  %s"
                % (k, times["chosen"], best, ratio, others or "(one candidate)"))
print("\n".join(rows))
print("within 1.25x of the fastest candidate: %d of %d" % (within, total))
print("candidates that failed validation: %s" % (", ".join(invalid) or "none"))
PY
cat "$OUT/mapping.txt"
echo "done $OUT"
