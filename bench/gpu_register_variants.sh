#!/usr/bin/env bash
# Issue 15: measures variants of the register-tiled SGEMM kernel against
# cuBLAS in one run on the GPU machine, from a folder prepared on the
# development machine.
#
#   bench/gpu_register_variants.sh prepare DIR OLD.cl [LIST]  # development machine
#   bash DIR/run.sh                                            # GPU machine, repo root
#
# prepare: generates examples/mmm.c with --tile 16 --register-tile 8
# --fp-contract=fast into DIR/k/new.cl, copies OLD.cl (+ .json, a kernel of
# an earlier looptile, for the comparison in the same run) to DIR/k/old.cl,
# builds the reference shim, copies looptile-run and
# looptile-bench-build-info, and writes DIR/run.sh from DIR/variants (a
# copy of LIST when given): one line per variant, "NAME KERNEL SETTING"
# (SETTING: looptile-run --set text, or - for the shape presets alone; the
# presets still choose the tunables SETTING leaves out). run.sh registers
# NVIDIA's OpenCL ICD, runs cuBLAS (bench/cublas_reference.py, TF32 off),
# prints each variant's build log with -cl-nv-verbose (registers, spills)
# for the setting it runs from 2048^3 on (the kernel's first, largest
# preset with SETTING over it), validates each variant
# at 1024^3 and two ragged shapes against the C, and times it at 1024^3, 2048^3,
# 4096^3 and the ragged 4095x4097x4093 (looptile-run --json, kernel event
# time, median).
set -eu
[ "${1:-}" = prepare ] && [ $# -ge 3 ] || { echo "usage: $0 prepare DIR OLD.cl [LIST]" >&2; exit 2; }
DIR=$2; OLD=$3
B=${LOOPTILE_BUILD:-build}
mkdir -p "$DIR/k" "$DIR/bin"
[ $# -ge 4 ] && cp "$4" "$DIR/variants"
"$B/bin/looptile" examples/mmm.c --tile 16 --register-tile 8 --fp-contract=fast -o "$DIR/k/new.cl"
cp "$OLD" "$DIR/k/old.cl"
sed "s/\"program\": \"[^\"]*\"/\"program\": \"old.cl\"/" "${OLD%.cl}.json" > "$DIR/k/old.json"
"$B/bin/looptile-run" "$DIR/k/new.cl" --build-reference "$DIR/k/mmm_ref.so"
cp "$B/bin/looptile-run" "$B/bin/looptile-bench-build-info" "$DIR/bin/"
{
  echo "# generated $(date -u +%FT%TZ) at commit $(git rev-parse HEAD)"
  echo 'set -u'
  echo 'D=$(dirname "$0")'
  echo 'mkdir -p /etc/OpenCL/vendors && echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd'
  echo 'R="$D/bin/looptile-run"; REF="$D/k/mmm_ref.so"'
  echo 'date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader'
  echo 'echo "== cublas"; timeout 150 python3 bench/cublas_reference.py 1024x1024x1024 2048x2048x2048 4096x4096x4096:10 4095x4097x4093:10'
  while read -r NAME KER SET; do
    case "$NAME" in ''|'#'*) continue;; esac
    SETARG=""
    [ "$SET" != - ] && SETARG="--set $SET"
    # The build log's options: the first preset's values, SETTING's over them.
    OPTS=$(python3 - "$DIR/k/$KER.json" "$SET" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
v = dict(m["presets"][0]["set"]) if m.get("presets") else {}
if sys.argv[2] != "-":
    v.update((n, int(x)) for n, x in (kv.split("=") for kv in sys.argv[2].split(",")))
print(" ".join("-D%s=%d" % kv for kv in v.items()))
PY
)
    echo "echo '== build $NAME'; timeout 60 \$D/bin/looptile-bench-build-info \$D/k/$KER.cl --device gpu --options '-cl-nv-verbose $OPTS' 2>&1 | grep -v '^$' | head -14"
    for S in M=1024,N=1024,K=1024 M=1023,N=1025,K=1021 M=1024,N=1028,K=1020; do
      echo "echo '== validate $NAME $S'; timeout 60 \$R \$D/k/$KER.cl -D $S $SETARG --device gpu --validate --reference \$REF --reps 1 --no-tune-cache --no-progress 2>&1 | grep -E 'validation|error' | head -3"
    done
    for S in M=1024,N=1024,K=1024:20 M=2048,N=2048,K=2048:20 M=4096,N=4096,K=4096:10 M=4095,N=4097,K=4093:10; do
      echo "echo '== time $NAME ${S%:*}'; timeout 60 \$R \$D/k/$KER.cl -D ${S%:*} $SETARG --device gpu --json --reps ${S#*:} --no-tune-cache --no-progress 2>&1 | tail -2"
    done
  done < "$DIR/variants"
  echo 'date -u'
} > "$DIR/run.sh"
du -sh "$DIR"
