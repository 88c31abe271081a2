#!/usr/bin/env bash
# Puts CLBlast's shared library into DEST so that looptile-bench-clblast,
# built here against Debian's libclblast-dev, runs on a GPU machine that has
# no CLBlast (the binary's RUNPATH is $ORIGIN/../lib; the driver also sets
# LD_LIBRARY_PATH=DEST).
#
# Usage: bench/fetch-clblast.sh DEST        (e.g. build/gpu/lib)
#
# Downloads the runtime package libclblast1 with `apt-get download` and
# extracts it with `dpkg -x`; without network it falls back to the .deb in
# apt's cache, then to the installed library (the same file). It then runs
# ldd on the library and fails if a dependency is missing here. Its
# dependencies (libOpenCL.so.1, libstdc++.so.6, libgcc_s.so.1, libm, libc:
# Depends of libclblast1 1.5.3) are all present on the GPU machine (Ubuntu
# 24.04 with an OpenCL ICD loader; newer glibc/libstdc++ run older binaries),
# so only libclblast.so.1 travels.
set -euo pipefail
DEST=${1:?usage: bench/fetch-clblast.sh DEST}
mkdir -p "$DEST"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

DEB=
if (cd "$WORK" && apt-get download libclblast1 >/dev/null 2>&1); then
  DEB=$(ls "$WORK"/libclblast1_*.deb)
  echo "fetch-clblast: downloaded $(basename "$DEB")"
elif ls /var/cache/apt/archives/libclblast1_*.deb >/dev/null 2>&1; then
  DEB=$(ls /var/cache/apt/archives/libclblast1_*.deb | tail -n 1)
  echo "fetch-clblast: apt-get download failed, using $DEB from apt's cache"
fi

if [ -n "$DEB" ]; then
  dpkg -x "$DEB" "$WORK/x"
  SRC=$(dirname "$(find "$WORK/x" -name 'libclblast.so.1*' | head -n 1)")
else
  SRC=$(dirname "$(readlink -f /usr/lib/x86_64-linux-gnu/libclblast.so.1)")
  [ -e "$SRC/libclblast.so.1" ] || {
    echo "fetch-clblast: error: no libclblast1 package and no installed libclblast.so.1" >&2
    exit 1
  }
  echo "fetch-clblast: no package available, copying the installed library from $SRC"
fi
# One plain file under the SONAME: symbolic links may not survive the
# transfer to the GPU machine.
cp -L "$SRC/libclblast.so.1" "$DEST/libclblast.so.1"

if ldd "$DEST/libclblast.so.1" | grep -q 'not found'; then
  echo "fetch-clblast: error: missing dependencies of libclblast.so.1:" >&2
  ldd "$DEST/libclblast.so.1" | grep 'not found' >&2
  exit 1
fi
echo "fetch-clblast: wrote $DEST/libclblast.so.1 ($(du -h "$DEST/libclblast.so.1" | cut -f1))"
