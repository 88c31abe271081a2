#!/usr/bin/env python3
"""Instruction mix of the hottest loop in an nvdisasm listing (issue 15's
profile; bench/gpu_sass.sh writes the listing).

    bench/sass_mix.py FILE.sass

The hottest loop is taken to be the backward branch whose body holds the
most FFMA/FMUL/FADD/DFMA instructions: in a matmul kernel, the unrolled
reduction step. Prints, for that body, the count of each opcode (the
mnemonic before its first dot), and the ratios that bound a SIMT matmul:
FMAs per instruction issued and per shared-memory load.
"""
import collections
import re
import sys


def parse(path):
    labels, ins = {}, []
    for line in open(path):
        s = line.strip()
        m = re.match(r"\.(L_x_\d+):", s)
        if m:
            labels[m.group(1)] = len(ins)
            continue
        m = re.match(r"/\*([0-9a-f]+)\*/\s+(.*?)\s*;", s)
        if m:
            ins.append(m.group(2))
    return labels, ins


def opcode(text):
    t = re.sub(r"^@!?U?P\w+\s+", "", text)
    return t.split()[0].split(".")[0] if t else ""


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sass_mix.py FILE.sass")
    labels, ins = parse(sys.argv[1])
    best = None
    for i, t in enumerate(ins):
        m = re.search(r"BRA.*`\(\.(L_x_\d+)\)", t)
        if not m or labels.get(m.group(1), i + 1) > i:
            continue
        body = ins[labels[m.group(1)]:i + 1]
        fp = sum(opcode(x) in ("FFMA", "FMUL", "FADD", "DFMA") for x in body)
        if best is None or fp > best[0]:
            best = (fp, labels[m.group(1)], i, body)
    if best is None:
        sys.exit("no backward branch found")
    fp, start, end, body = best
    mix = collections.Counter(opcode(x) for x in body)
    print("loop: instructions %d..%d, %d issued per iteration" % (start, end, len(body)))
    for op, n in mix.most_common():
        print("  %-8s %5d" % (op, n))
    fma = mix["FFMA"] + mix["DFMA"]
    lds = mix["LDS"]
    print("FMA / instruction: %.3f" % (fma / len(body)))
    if lds:
        print("FMA / LDS: %.1f" % (fma / lds))


if __name__ == "__main__":
    main()
