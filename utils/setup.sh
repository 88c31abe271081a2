#!/usr/bin/env bash
# Installs every Debian package looptile needs (idempotent, non-interactive),
# then configures and builds the project in ./build with Ninja.
#
#   utils/setup.sh            # as root on Debian 12 (or with sudo available)
#   LOOPTILE_BUILD_DIR=dir utils/setup.sh
set -euo pipefail

cd "$(dirname "$0")/.."
BUILD_DIR=${LOOPTILE_BUILD_DIR:-build}

PACKAGES=(
  build-essential cmake ninja-build ccache python3 git pkgconf
  llvm-16-dev libclang-16-dev llvm-16-tools clang-16
  libisl-dev libgtest-dev
  opencl-headers opencl-clhpp-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  oclgrind
  libopenmpi-dev openmpi-bin
)
# Optional, never installed here (bench/README.md): libclblast-dev builds
# looptile-bench-clblast, python3-matplotlib draws the benchmark plot.

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "setup: all Debian packages present"
fi

cmake -G Ninja -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$BUILD_DIR"
echo "setup: built in $BUILD_DIR"
