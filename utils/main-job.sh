#!/usr/bin/env bash
# Sets everything up and runs looptile's main job on examples/mmm.c.
#
# Code generation and the OpenCL runtime are not implemented yet, so this runs
# the furthest stage that exists: the frontend (--print-ir) and the dependence
# analysis (--print-deps) of the matrix multiplication.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh
B=${LOOPTILE_BUILD_DIR:-build}
"$B"/bin/looptile examples/mmm.c --print-ir
