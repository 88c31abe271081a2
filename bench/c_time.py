#!/usr/bin/env python3
"""The C function of a looptile manifest, timed on one CPU core.

Writes a C driver that includes the function's source file, allocates every
buffer of the manifest at the given sizes, fills it deterministically (a
square matrix symmetric and diagonally dominant, so that PolyBench's
factorisations without pivoting stay finite; a scalar argument is 1.5, or 2
for an integer), calls the function REPS times
(refilling before each call: factorisations work in place) and prints the
fastest call as JSON. The driver is built here (`build`) and run on the GPU
machine (`run`), which has no C compiler:

  bench/c_time.py build FILE.json OUT_BINARY [--cc cc]
  OUT_BINARY n=2000 [reps]          # prints {"c_ms": ...}

It is the reference the issue's goals name ("faster than the C on one CPU
core"): measured in the same call as the kernels, never asserted by a test.
"""
import argparse
import json
import subprocess
import sys

C_TYPES = {"float": "float", "double": "double", "int": "int",
           "long": "long", "char": "char", "short": "short",
           "unsigned": "unsigned", "uint": "unsigned", "ulong": "unsigned long",
           "size_t": "size_t"}


def driver(manifest):
    src = manifest["source"]
    fn = src["function"]
    args = manifest["arguments"]
    sizes = [a["name"] for a in args if a["kind"] == "size"]
    out = ["#define _GNU_SOURCE", "#include <stdio.h>", "#include <stdlib.h>",
           "#include <string.h>", "#include <time.h>",
           '#include "%s"' % src["file"].replace("\\", "\\\\").replace('"', '\\"'),
           "", "static double now(void) {",
           "  struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);",
           "  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;", "}", "",
           "int main(int argc, char **argv) {"]
    for s in sizes:
        out.append("  long %s = -1;" % s)
    out.append("  int reps = 3;")
    out.append("  for (int a = 1; a < argc; a++) {")
    for s in sizes:
        out.append('    if (!strncmp(argv[a], "%s=", %d)) { %s = atol(argv[a] + %d); continue; }'
                   % (s, len(s) + 1, s, len(s) + 1))
    out.append("    reps = atoi(argv[a]);")
    out.append("  }")
    for s in sizes:
        out.append('  if (%s < 0) { fprintf(stderr, "missing %s=\\n"); return 2; }' % (s, s))
    call = []
    for a in args:
        if a["kind"] == "size":
            call.append("(int)" + a["name"])
            continue
        if a["kind"] == "scalar" and not a.get("returned"):
            ty = C_TYPES.get(a["type"], a["type"])
            val = "1.5" if a["type"] in ("float", "double") else "2"
            out.append("  %s %s_val = (%s)%s;" % (ty, a["name"], ty, val))
            call.append("%s_val" % a["name"])
            continue
        if a["kind"] != "buffer" or a.get("returned"):
            print("c_time: argument %s of kind %s is not supported"
                  % (a["name"], a["kind"]), file=sys.stderr)
            sys.exit(2)
        ty = C_TYPES.get(a["type"], a["type"])
        shape = a["shape"] or ["1"]
        n = " * ".join("(long)(%s)" % d for d in shape)
        out.append("  %s *%s_buf = malloc(sizeof(%s) * (%s + 1));"
                   % (ty, a["name"], ty, n))
        call.append("(void *)%s_buf" % a["name"])
    out.append("  double best = 1e300;")
    out.append("  for (int r = 0; r < reps; r++) {")
    for a in args:
        if a["kind"] != "buffer":
            continue
        shape = a["shape"] or ["1"]
        ty = C_TYPES.get(a["type"], a["type"])
        integral = a["type"] not in ("float", "double")
        if len(shape) == 2:
            r, c = "(long)(%s)" % shape[0], "(long)(%s)" % shape[1]
            val = "(%s)((i + j) %% 4)" % ty if integral else \
                "(%s)(1.0 / (1.0 + (i > j ? i - j : j - i)) + (i == j ? %s : 0))" % (ty, r)
            out.append("    for (long i = 0; i < %s; i++) for (long j = 0; j < %s; j++) "
                       "%s_buf[i * %s + j] = %s;" % (r, c, a["name"], c, val))
        else:
            n = " * ".join("(long)(%s)" % d for d in shape)
            val = "(%s)(i %% 4)" % ty if integral else \
                "(%s)(1.0 / (1.0 + i %% 7))" % ty
            out.append("    for (long i = 0; i < %s; i++) %s_buf[i] = %s;"
                       % (n, a["name"], val))
    out.append("    double t0 = now();")
    out.append("    %s(%s);" % (fn, ", ".join(call)))
    out.append("    double t = now() - t0;")
    out.append("    if (t < best) best = t;")
    out.append("  }")
    out.append('  printf("{\\"function\\": \\"%s\\", \\"c_ms\\": %%.6f, \\"reps\\": %%d}\\n", best, reps);' % fn)
    out.append("  return 0;")
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["build"])
    p.add_argument("manifest")
    p.add_argument("output")
    p.add_argument("--cc", default="cc")
    a = p.parse_args()
    with open(a.manifest) as f:
        m = json.load(f)
    c = a.output + ".c"
    with open(c, "w") as f:
        f.write(driver(m))
    flags = m["source"].get("compile", {}).get("flags", [])
    std = m["source"].get("compile", {}).get("std", "gnu17")
    cmd = [a.cc, "-O2", "-std=" + std] + flags + [c, "-o", a.output, "-lm"]
    subprocess.run(cmd, check=True)


if __name__ == "__main__":
    main()
