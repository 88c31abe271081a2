#!/usr/bin/env bash
# Sets everything up (packages, build) and runs every test: lit suites
# (Frontend, Analysis, ...) and the GoogleTest units. Exits non-zero on any
# failure; lit prints the pass/fail counts.
set -euo pipefail
cd "$(dirname "$0")/.."
utils/setup.sh
ninja -C "${LOOPTILE_BUILD_DIR:-build}" check
