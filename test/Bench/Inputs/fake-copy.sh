#!/bin/sh
# A stand-in for looptile-bench-copy that fails in the two ways the driver
# must survive: an error exit (64x64 floats = 16384 bytes) and a hang
# (65x63 floats = 16380 bytes).
case "$1" in
  16384) echo "looptile-bench-copy: error: CL_OUT_OF_RESOURCES" >&2; exit 3 ;;
  16380) echo "started" >&2; sleep 60 ;;
esac
