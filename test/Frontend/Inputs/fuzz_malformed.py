#!/usr/bin/env python3
"""Robustness check for looptile's frontend on malformed and unusual input.

Usage: fuzz_malformed.py LOOPTILE EXAMPLES_DIR WORK_DIR

Writes a fixed, seeded list of C inputs (truncated and mutilated examples,
token soup, nonsense types, huge constants, deep nesting, empty and binary
files, unusual but valid C) into WORK_DIR and runs `LOOPTILE FILE --print-ir`
on each. Every run must
  * finish within TIMEOUT seconds (no hang),
  * exit with 0 or 1 (no signal, no abort, no other code),
  * print an `error:` line on stderr when it exits 1,
  * print IR (a `function ...` line) on stdout when it exits 0.
Each misbehaving input is named on stdout; the script exits 1 if any did.
"""
import os
import random
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

TIMEOUT = 30
MIN_CASES = 40


def mutilations(name, text):
    """Truncated copies of an example and copies with one character removed.
    The example's header comment is dropped so that every cut lands in code."""
    if text.startswith("/*"):
        text = text[text.index("*/") + 2:].lstrip("\n")
    cases = []
    for frac in (0.2, 0.5, 0.8):
        cases.append((f"{name}-truncated-{int(frac * 100)}",
                      text[:int(len(text) * frac)]))
    for ch, what in (("{", "open-brace"), ("}", "close-brace"),
                     (";", "semicolon"), ("(", "open-paren"),
                     ("]", "close-bracket")):
        positions = [i for i, c in enumerate(text) if c == ch]
        if positions:
            pos = positions[len(positions) // 2]
            cases.append((f"{name}-no-{what}", text[:pos] + text[pos + 1:]))
    return cases


def token_soup(rng, n):
    tokens = ["for", "(", ")", "{", "}", "[", "]", ";", "int", "float",
              "void", "i", "j", "N", "A", "=", "<", "<=", "++", "+=", "*",
              "+", "-", "0", "1", "1.0f", "while", "if", "return", ",",
              "#define", "\n", "/*", "*/", "\"", "'", "?", ":", "&&", "->"]
    return " ".join(rng.choice(tokens) for _ in range(n))


def nested(depth, inner="i"):
    return "(" * depth + inner + ")" * depth


def hand_written():
    loop = "  for (int i = 0; i < N; i++)\n"
    def fn(body, params="int N, float A[N]", head=""):
        return f"{head}void f({params}) {{\n{body}}}\n"
    return [
        ("empty", ""),
        ("only-whitespace", "\n\n   \t\n"),
        ("only-comment", "/* nothing here */\n// nor here\n"),
        ("unterminated-comment", fn(loop + "    A[i] = 0.0f; /* oops\n")),
        ("unterminated-string", fn(loop + '    A[i] = "abc;\n')),
        ("nonsense-type", fn(loop + "    A[i] = 0.0f;\n",
                             "int N, flaot A[N]")),
        ("undeclared-struct-member", fn(
            "  struct Nope *p;\n" + loop + "    A[i] = p->x;\n")),
        ("void-array", fn(loop + "    A[i] = 0;\n", "int N, void A[N]")),
        ("huge-literal-bound", fn(
            "  for (int i = 0; i < 99999999999999999999999; i++)\n"
            "    A[i] = 0.0f;\n")),
        ("huge-long-bound", fn(
            "  for (long i = 0; i < 9223372036854775807; i++)\n"
            "    A[i] = 0.0f;\n")),
        ("huge-subscript-offset", fn(
            loop + "    A[i + 9223372036854775807] = 0.0f;\n")),
        ("huge-step", fn(
            "  for (long i = 0; i < N; i += 9223372036854775807)\n"
            "    A[i] = 0.0f;\n")),
        ("min-step", fn(
            "  for (long i = 0; i > -N; i -= (-9223372036854775807 - 1))\n"
            "    A[i] = 0.0f;\n")),
        ("huge-coefficients", fn(
            loop + "    A[4611686018427387904 * i * 4] = 0.0f;\n",
            "int N, float *A")),
        ("huge-float", fn(loop + "    A[i] = 1e99999f;\n")),
        ("int128-constant", fn(
            "  for (int i = 0; i < (int)((__int128)1 << 100); i++)\n"
            "    A[i] = 0.0f;\n")),
        ("deep-parens-100", fn(loop + f"    A[{nested(100)}] = 0.0f;\n")),
        ("deep-parens-5000", fn(loop + f"    A[{nested(5000)}] = 0.0f;\n")),
        ("deep-parens-bound", fn(
            f"  for (int i = 0; i < {nested(200, 'N')}; i++)\n"
            "    A[i] = 0.0f;\n")),
        ("deep-unary-minus", fn(
            loop + "    A[i] = " + "-(" * 300 + "1.0f" + ")" * 300 + ";\n")),
        ("deep-loop-nest", "void f(int N, float A[N]) {\n" + "".join(
            f"for (int i{k} = 0; i{k} < N; i{k}++)\n" for k in range(120))
            + "A[i0] = 0.0f;\n}\n"),
        ("deep-blocks", fn(loop + "{" * 300 + "A[i] = 0.0f;" + "}" * 300
                           + "\n")),
        ("long-identifier", fn(loop + "    A[i] = 0.0f;\n",
                               "int " + "N" * 20000 + ", float A[1]")),
        ("too-many-subscripts", fn(loop + "    A[i][i] = 0.0f;\n")),
        ("too-few-subscripts", fn(loop + "    A[i] = 0.0f;\n",
                                  "int N, float A[N][N]")),
        ("array-as-value", fn(loop + "    B[i] = A;\n",
                              "int N, float A[N], float *B[N]")),
        ("missing-include", '#include "does_not_exist.h"\n'
                            + fn(loop + "    A[i] = 0.0f;\n")),
        ("knr-definition", "void f(N, A) int N; float *A; {\n" + loop
                           + "    A[i] = 0.0f;\n}\n"),
        ("for-ever", fn("  for (;;)\n    A[0] = 0.0f;\n")),
        ("for-no-init", fn("  int i = 0;\n  for (; i < N; i++)\n"
                           "    A[i] = 0.0f;\n")),
        ("comma-increment", fn(
            "  for (int i = 0, j = 0; i < N; i++, j++)\n"
            "    A[i] = A[j];\n")),
        ("statement-expression", fn(
            loop + "    A[i] = ({ float t = 1.0f; t; });\n")),
        ("compound-literal", fn(
            loop + "    A[i] = (float[]){1.0f, 2.0f}[1];\n")),
        ("generic-selection", fn(
            loop + "    A[i] = _Generic(i, int: 1.0f, default: 2.0f);\n")),
        ("complex-type", fn(loop + "    A[i] = 0.0f;\n",
                            "int N, _Complex float A[N]")),
        ("sizeof-bound", fn(
            "  for (int i = 0; i < (int)sizeof(float[4]); i++)\n"
            "    A[i] = 0.0f;\n")),
        ("enum-bound", "enum { W = 16 };\n" + fn(
            "  for (int i = 0; i < W; i++)\n    A[i] = 0.0f;\n")),
        ("switch-in-loop", fn(loop + "    switch (i) { case 0: A[i] = 1.0f; }\n")),
        ("label-in-loop", fn(loop + "  L: A[i] = 0.0f;\n")),
        ("static-local", fn("  static float s;\n" + loop + "    A[i] = s;\n")),
        ("address-of", fn(loop + "    A[i] = *&A[i];\n")),
        ("register-loop-var", fn(
            "  register int i;\n  for (i = 0; i < N; i++)\n"
            "    A[i] = 0.0f;\n")),
        ("float-loop-var", fn(
            "  for (float x = 0; x < N; x++)\n    A[0] = x;\n")),
        ("empty-body-loop", fn("  for (int i = 0; i < N; i++)\n    ;\n")),
        ("loop-in-macro", "#define LOOP(v, n) for (int v = 0; v < n; v++)\n"
                          + fn("  LOOP(i, N) A[i] = 0.0f;\n")),
        ("pragma-and-attribute", "#pragma once\n" + fn(
            "#pragma clang loop unroll(disable)\n" + loop
            + "    A[i] = 0.0f;\n", head="__attribute__((noinline)) ")),
        ("unicode-identifier", fn(loop + "    A[i] = 0.0f;\n",
                                  "int N, float \u00c4[N], float A[N]")),
        ("nested-function-decl", fn(
            "  void g(void);\n" + loop + "    A[i] = 0.0f;\n")),
        ("variadic", fn(loop + "    A[i] = 0.0f;\n",
                        "int N, float A[N], ...")),
        ("unnamed-param", fn(loop + "    A[i] = 0.0f;\n",
                             "int N, float A[N], int")),
        ("vla-star-param", "void f(int N, float A[*]);\n" + fn(
            loop + "    A[i] = 0.0f;\n")),
        ("incomplete-array-param", fn(loop + "    A[i][0] = 0.0f;\n",
                                      "int N, float A[][4]")),
        ("local-typedef", fn("  typedef float real;\n  real t;\n" + loop
                             + "    A[i] = 0.0f;\n")),
        ("redeclared-name", fn(loop + "  { float t = 1.0f; A[i] = t; }\n"
                               + loop + "  { float t = 2.0f; A[i] = t; }\n")),
        ("loop-var-after-loop", fn(
            "  int i;\n  for (i = 0; i < N; i++)\n    A[i] = 0.0f;\n"
            "  A[0] = i;\n")),
        ("parameter-as-loop-var", fn(
            "  for (N = 0; N < 10; N++)\n    A[N] = 0.0f;\n")),
        ("modulo-assign", fn(loop + "    A[i] %= 2;\n", "int N, int A[N]")),
        ("shift-subscript", fn(loop + "    A[i << 1] = 0.0f;\n")),
    ]


def generated(examples_dir):
    rng = random.Random(20240402)
    cases = hand_written()
    for name in ("mmm.c", "transpose.c", "putting_together.c",
                 "nest2_inner_carried.c"):
        with open(os.path.join(examples_dir, name)) as f:
            cases += mutilations(name[:-2], f.read())
    for k in range(6):
        cases.append((f"token-soup-{k}", token_soup(rng, 40 + 30 * k)))
    for k in range(4):
        junk = bytes(rng.randrange(256) for _ in range(200 + 300 * k))
        cases.append((f"binary-junk-{k}", junk))
    cases.append(("nul-in-source", b"void f(int N, float A[N]) {\0}\n"))
    cases.append(("invalid-utf8", b"void f(int N, float A[N]) { \xff\xfe }\n"))
    return cases


def run_one(looptile, path):
    # A session of its own, so that a hang is killed with all its children
    # (which would otherwise keep the output pipes open).
    p = subprocess.Popen([looptile, path, "--print-ir"],
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return f"hung (no exit within {TIMEOUT}s)"
    err = err.decode("utf-8", "replace")
    out = out.decode("utf-8", "replace")
    if p.returncode < 0:
        return f"killed by signal {-p.returncode}\n{err[-2000:]}"
    if p.returncode not in (0, 1):
        return f"exit code {p.returncode}\n{err[-2000:]}"
    if p.returncode == 1 and "error:" not in err:
        return f"exit code 1 without an 'error:' line; stderr:\n{err[-2000:]}"
    if p.returncode == 0 and not out.startswith("function "):
        return f"exit code 0 without IR on stdout:\n{out[-2000:]}"
    return None


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    looptile, examples_dir, work_dir = sys.argv[1:]
    os.makedirs(work_dir, exist_ok=True)
    cases = generated(examples_dir)
    names = [n for n, _ in cases]
    assert len(set(names)) == len(names), "duplicate case names"
    if len(cases) < MIN_CASES:
        print(f"FAIL: only {len(cases)} inputs, expected {MIN_CASES}")
        return 1
    paths = []
    for name, text in cases:
        path = os.path.join(work_dir, name + ".c")
        data = text.encode("utf-8") if isinstance(text, str) else text
        with open(path, "wb") as f:
            f.write(data)
        paths.append(path)
    with ThreadPoolExecutor(max_workers=max(8, os.cpu_count() or 1)) as pool:
        results = list(pool.map(lambda p: run_one(looptile, p), paths))
    bad = [(p, r) for p, r in zip(paths, results) if r]
    for path, reason in bad:
        print(f"FAIL: {path}: {reason}")
    print(f"{len(paths) - len(bad)} of {len(paths)} inputs handled cleanly")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
