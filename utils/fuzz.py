#!/usr/bin/env python3
"""looptile's random program generator and oracles; see docs/testing.md.

  utils/fuzz.py --seeds 1-300 -j 2            # a fixed seed list (CI)
  utils/fuzz.py --budget 3600 --start-seed 100000 -j 1 --out fuzz-out
  utils/fuzz.py --show 42                     # a seed's program and requests
  utils/fuzz.py --reduce 42 --out fuzz-out    # reduce a seed's failures
  utils/fuzz.py --list-features               # classes for --exclude
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzz.campaign import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
