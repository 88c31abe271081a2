# Sourced by the bench scripts: on the GPU machine, NVIDIA's OpenCL driver
# is installed but not registered with the ICD loader; on the development
# machine, the kernels and reference shims a script prepares.
register_nvidia_icd() {
  mkdir -p /etc/OpenCL/vendors 2>/dev/null || true
  [ -f /etc/OpenCL/vendors/nvidia.icd ] ||
    echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd 2>/dev/null || true
}

# Prepare side: FILE.c (with looptile FLAGS...) into DIR/K.cl, its
# --print-mapping report in DIR/K.mapping.txt, and the reference shim the
# GPU machine (which has no C compiler) validates with, DIR/K.ref.so.
generate_kernel() { # DIR K FILE.c [FLAGS...]
  local D=$1 K=$2 SRC=$3
  shift 3
  "${LOOPTILE:-build/bin/looptile}" "$SRC" "$@" -o "$D/$K.cl" \
    --print-mapping > "$D/$K.mapping.txt" 2>&1
  "$D/bin/looptile-run" "$D/$K.cl" --build-reference "$D/$K.ref.so"
}

# Prepare side: records the commit DIR was prepared from.
prepared() { # DIR ROOT
  git -C "$2" rev-parse HEAD > "$1/commit.txt"
  echo "prepared $1"
}

# Run side (the GPU machine): DIR and OUT from the arguments, DEVICE (gpu
# unless given), NVIDIA's driver registered for a GPU, OUT made, and R the
# looptile-run that DIR was prepared with.
run_side() { # DIR OUT [DEVICE]
  DIR=${1:?DIR}
  OUT=${2:?OUT}
  DEVICE=${3:-gpu}
  if [ "$DEVICE" = gpu ]; then register_nvidia_icd; fi
  mkdir -p "$OUT"
  R="$DIR/bin/looptile-run"
}

# Run side: one timed run of FILE at SIZES with looptile-run's host-loop
# POLICY, REPS repetitions, into OUT/NAME.json (its stderr in NAME.err),
# killed after LIMIT seconds (default 60).
run_host_loops() { # NAME FILE SIZES POLICY REPS [extra...]
  local N=$1 F=$2 S=$3 P=$4 REPS=$5
  shift 5
  timeout "${LIMIT:-60}" "$R" "$F" -D "$S" --device "$DEVICE" --host-loops "$P" \
    --reps "$REPS" --no-progress --json "$@" > "$OUT/$N.json" 2> "$OUT/$N.err" ||
    echo "$N: exit $?" >&2
}

# Run side: OUT/summary.txt, a line per OUT/*.json: its name, median (or
# the C's) time, validation, launches in all, and the kernels that ran.
summarize() {
  for F in "$OUT"/*.json; do
    python3 - "$F" <<'PY'
import json, os, sys
f = sys.argv[1]
try:
    d = json.load(open(f))
except ValueError:
    d = {}
name = os.path.basename(f)[:-5]
ms = d.get("median_ms", d.get("c_ms"))
ks = d.get("kernels", [])
ran = [k["name"] for k in ks if k.get("launches")]
print("%-40s %12s  %s  launches %d  %s" % (
    name, ms, d.get("validation", ""), sum(k.get("launches", 0) for k in ks),
    " ".join(ran)))
PY
  done > "$OUT/summary.txt"
}

# Prepare side of a forms bench: DIR made afresh with looptile-run, the copy
# benchmark and torch_forms.py in DIR/bin; each line "K|SRC|FN|VAL|TIME" of
# FORMS (FN '-': the file's one function) generated into DIR/K.cl (and,
# with BEFORE=all, LOOPTILE_BEFORE's kernels into DIR/K.before.cl), listed
# as "K|VAL|TIME" in DIR/forms.txt.
prepare_forms() { # DIR ROOT FORMS [all]
  local D=$1 RT=$2 FORMS=$3 BEFORE=${4:-}
  rm -rf "$D" && mkdir -p "$D/bin"
  cp "${LOOPTILE_RUN:-build/bin/looptile-run}" "$D/bin/"
  cp "${LOOPTILE_BENCH_COPY:-build/bin/looptile-bench-copy}" "$D/bin/"
  cp "$RT/bench/torch_forms.py" "$D/bin/"
  echo "$FORMS" | while IFS='|' read -r K SRC FN VAL TIME; do
    [ -n "$K" ] || continue
    FLAG=""
    [ "$FN" = - ] || FLAG="--function $FN"
    generate_kernel "$D" "$K" "$RT/$SRC" $FLAG
    if [ "$BEFORE" = all ]; then
      "${LOOPTILE_BEFORE:?LOOPTILE_BEFORE=the looptile to compare with}" \
        "$RT/$SRC" $FLAG -o "$D/$K.before.cl" > /dev/null 2>&1
    fi
    echo "$K|$VAL|$TIME" >> "$D/forms.txt"
  done
}
