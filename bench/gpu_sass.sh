#!/usr/bin/env bash
# Issue 15's profile: what NVIDIA's OpenCL compiler made of a kernel, as the
# SASS that runs. OpenCL has no profiler counters, but the driver hands out
# its PTX (CL_PROGRAM_BINARIES), and the GPU machine's PyTorch ships Triton,
# whose ptxas and nvdisasm assemble and disassemble it.
#
#   bench/gpu_sass.sh BUILD_INFO FILE.cl "OPTIONS" OUTDIR NAME   # GPU machine
#
# Writes OUTDIR/NAME.ptx, NAME.log (the build log with -cl-nv-verbose, the
# CL_KERNEL_* queries and ptxas -v: registers, spills, shared memory),
# NAME.cubin and NAME.sass. bench/sass_mix.py summarises a .sass file (the
# instruction mix of the innermost loop). Exit status 0 when the SASS was
# written, 3 when no ptxas/nvdisasm was found (the PTX and log are still
# written).
set -u
BI=$1; CL=$2; OPTS=$3; OUT=$4; NAME=$5
mkdir -p "$OUT"
. "$(dirname "$0")/gpu_env.sh"
register_nvidia_icd
"$BI" "$CL" --device gpu --options "-cl-nv-verbose $OPTS" --binary "$OUT/$NAME.ptx" > "$OUT/$NAME.log" 2>&1 || { cat "$OUT/$NAME.log"; exit 1; }
find_tool() {
  command -v "$1" 2>/dev/null && return
  for D in "$(python3 -c 'import os, triton; print(os.path.dirname(triton.__file__))' 2>/dev/null)/backends/nvidia/bin" \
           /usr/local/cuda/bin /usr/local/cuda-*/bin; do
    [ -x "$D/$1" ] && { echo "$D/$1"; return; }
  done
  find / -xdev -name "$1" -type f -perm -u+x 2>/dev/null | head -1
}
PTXAS=$(find_tool ptxas); NVDIS=$(find_tool nvdisasm)
echo "ptxas: ${PTXAS:-none}; nvdisasm: ${NVDIS:-none}" >> "$OUT/$NAME.log"
[ -n "$PTXAS" ] && [ -n "$NVDIS" ] || exit 3
# The architecture the driver compiled for: the PTX's .target line.
# The binary ends in NUL bytes, which ptxas reads as garbage.
tr -d '\000' < "$OUT/$NAME.ptx" > "$OUT/$NAME.ptx.tmp" && mv "$OUT/$NAME.ptx.tmp" "$OUT/$NAME.ptx"
ARCH=$(sed -n 's/^\.target[[:space:]]*\(sm_[0-9a-z]*\).*/\1/p' "$OUT/$NAME.ptx" | head -1)
"$PTXAS" --version | tail -1 >> "$OUT/$NAME.log"
if ! "$PTXAS" -arch="${ARCH:-sm_90}" -O3 -v "$OUT/$NAME.ptx" -o "$OUT/$NAME.cubin" >> "$OUT/$NAME.log" 2>&1; then
  # A driver newer than Triton's ptxas writes a newer PTX ISA version than
  # it accepts; the instructions a kernel uses are older, so say the newest
  # version this ptxas knows.
  OK=
  for PV in 8.8 8.7 8.6 8.5 8.4 8.3 8.2 8.1 8.0 7.8; do
    sed "s/^\.version .*/.version $PV/" "$OUT/$NAME.ptx" > "$OUT/$NAME.v.ptx"
    if "$PTXAS" -arch="${ARCH:-sm_90}" -O3 -v "$OUT/$NAME.v.ptx" -o "$OUT/$NAME.cubin" > "$OUT/$NAME.ptxas" 2>&1; then
      echo "assembled as PTX ISA $PV" >> "$OUT/$NAME.log"; cat "$OUT/$NAME.ptxas" >> "$OUT/$NAME.log"; OK=1; break
    fi
  done
  rm -f "$OUT/$NAME.v.ptx" "$OUT/$NAME.ptxas"
  [ -n "$OK" ] || exit 1
fi
"$NVDIS" -c "$OUT/$NAME.cubin" > "$OUT/$NAME.sass" 2>> "$OUT/$NAME.log" || exit 1
echo "wrote $OUT/$NAME.sass ($(wc -l < "$OUT/$NAME.sass") lines)"
