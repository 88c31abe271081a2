#!/usr/bin/env python3
"""Checks the raw output of `bench/run_bench.py run --smoke` is well-formed.

Usage: check_raw.py RAW_DIR --clblast ok|skipped|auto [--parts a,b,...]

--clblast auto expects "ok" when the prepared folder (env.json's
prepare.binaries) has looptile-bench-clblast, else one skipped record.

Every expected part file exists; every line is a JSON record of that part
with a known status; the smoke run's generated kernels, copies and (when
built) CLBlast runs all succeeded with validation passed, on the sizes
--smoke uses, and their numbers are finite and non-negative (no value of a
timing is checked). Prints one summary line per part; exits 1 with the
reason on the first problem.
"""
import argparse
import json
import math
import os
import sys

SGEMM = [(64, 64, 64), (65, 65, 65)]
TRANSPOSE = [(64, 64), (65, 63)]
SGEMM_KERNELS = ["mmm_naive", "mmm_block", "mmm_reg4", "mmm_reg8"]
# --tune at 65^3, then mmm_reg8_tuned there (checked in the tune part)
TRANSPOSE_KERNELS = ["tr_naive", "tr_tile16", "tr_tile32"]


def fail(msg):
    print(f"check_raw: {msg}")
    sys.exit(1)


def number(res, key, where):
    v = res.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool) \
            or not math.isfinite(v) or v < 0:
        fail(f"{where}: '{key}' is {v!r}, not a finite non-negative number")
    return v


def records(raw, part):
    path = os.path.join(raw, part + ".jsonl")
    if not os.path.exists(path):
        fail(f"{path} missing")
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except ValueError as e:
                fail(f"{path}:{n}: not JSON: {e}")
            if r.get("part") != part or "name" not in r:
                fail(f"{path}:{n}: not a record of part {part}")
            if r.get("status") not in ("ok", "skipped", "invalid", "error",
                                       "timeout"):
                fail(f"{path}:{n}: unknown status {r.get('status')!r}")
            out.append(r)
    return out


def expect_ok(recs, part, name, case, check):
    hits = [r for r in recs if r["name"] == name and r.get("case") == case]
    if len(hits) != 1:
        fail(f"{part}: {len(hits)} records for {name} {case}")
    r = hits[0]
    if r["status"] != "ok" or r.get("rc") != 0:
        fail(f"{part}: {name} {case}: status {r['status']}, rc {r.get('rc')}")
    res = r.get("result")
    if not isinstance(res, dict):
        fail(f"{part}: {name} {case}: no result object")
    if res.get("validation") != "passed":
        fail(f"{part}: {name} {case}: validation {res.get('validation')}")
    check(res, f"{part} {name} {case}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("raw")
    ap.add_argument("--clblast", choices=["ok", "skipped", "auto"],
                    required=True)
    ap.add_argument("--parts",
                    default="copy,transpose,sgemm,tune,clblast,cublas")
    a = ap.parse_args()
    parts = a.parts.split(",")

    with open(os.path.join(a.raw, "env.json")) as f:
        env = json.load(f)
    if env.get("smoke") is not True or "devices" not in env:
        fail("env.json lacks smoke/devices")
    print(f"env: smoke, device spec {env.get('device_spec')}")
    if a.clblast == "auto":
        built = "looptile-bench-clblast" in env.get("prepare", {}).get(
            "binaries", [])
        a.clblast = "ok" if built else "skipped"

    if "copy" in parts:
        recs = records(a.raw, "copy")
        for h, w in TRANSPOSE:
            def check(res, where, h=h, w=w):
                if res.get("bytes") != 4 * h * w:
                    fail(f"{where}: bytes {res.get('bytes')}")
                for k in ("median_ms", "min_ms", "max_ms", "gbps"):
                    number(res, k, where)
            expect_ok(recs, "copy", "copy", {"height": h, "width": w}, check)
        print(f"copy: {len(recs)} records, all ok")

    def looptile_check(sizes):
        def check(res, where):
            if res.get("sizes") != sizes:
                fail(f"{where}: sizes {res.get('sizes')}")
            for k in ("median_ms", "gflops", "gbps", "max_abs_error"):
                number(res, k, where)
        return check

    if "transpose" in parts:
        recs = records(a.raw, "transpose")
        for n in TRANSPOSE_KERNELS:
            for h, w in TRANSPOSE:
                case = {"height": h, "width": w}
                expect_ok(recs, "transpose", n, case, looptile_check(case))
        print(f"transpose: {len(recs)} records, all ok and validated")

    if "sgemm" in parts:
        recs = records(a.raw, "sgemm")
        for n in SGEMM_KERNELS:
            for m, nn, k in SGEMM:
                case = {"M": m, "N": nn, "K": k}
                expect_ok(recs, "sgemm", n, case, looptile_check(case))
        print(f"sgemm: {len(recs)} records, all ok and validated")

    if "tune" in parts:
        # One search at 65^3, then a plain run there that must have taken
        # the cached setting (recorded as sgemm mmm_reg8_tuned).
        recs = records(a.raw, "tune")
        case = {"M": 65, "N": 65, "K": 65}
        hits = [r for r in recs if r["name"] == "mmm_reg8" and r.get("case") == case]
        if len(hits) != 1 or hits[0]["status"] != "ok" or hits[0].get("rc") != 0:
            fail(f"tune: expected one ok search at 65^3, got {hits}")
        t = (hits[0].get("result") or {}).get("tune")
        if not isinstance(t, dict) or not t.get("valid") or t.get("invalid") \
                or not isinstance(t.get("chosen"), dict):
            fail(f"tune: no valid choice in {t}")
        for key in ("search_s", "fastest_ms", "slowest_ms", "speedup"):
            number(t, key, "tune")
        if not t["fastest_ms"] <= t["slowest_ms"]:
            fail("tune: fastest slower than slowest")
        tuned = [r for r in records(a.raw, "sgemm")
                 if r["name"] == "mmm_reg8_tuned" and r.get("case") == case]
        if len(tuned) != 1:
            fail(f"tune: {len(tuned)} tuned sgemm runs")
        res = tuned[0].get("result") or {}
        if res.get("validation") != "passed" or \
                res.get("tunables") != t["chosen"] or not res.get("tune_cache"):
            fail(f"tune: the tuned run did not use the stored setting: {res}")
        print(f"tune: {len(recs)} record, {t['tried']} candidates tried, "
              f"{t['valid']} valid; the tuned run used the stored setting")

    if "clblast" in parts:
        recs = records(a.raw, "clblast")
        if a.clblast == "skipped":
            if len(recs) != 1 or recs[0]["status"] != "skipped" \
                    or not recs[0].get("reason"):
                fail(f"clblast: expected one skipped record, got {recs}")
            print(f"clblast: skipped: {recs[0]['reason']}")
        else:
            for m, n, k in SGEMM:
                def check(res, where, m=m, n=n, k=k):
                    if (res.get("M"), res.get("N"), res.get("K")) != (m, n, k):
                        fail(f"{where}: shape in result differs")
                    if res.get("validation_mode") != "full" or \
                            res.get("checked_entries") != m * n:
                        fail(f"{where}: not fully validated")
                    for key in ("median_ms", "tflops", "marker_median_ms",
                                "marker_tflops", "max_abs_error"):
                        number(res, key, where)
                expect_ok(recs, "clblast", "clblast",
                          {"M": m, "N": n, "K": k}, check)
            print(f"clblast: {len(recs)} records, all ok and validated")

    if "cublas" in parts:
        recs = records(a.raw, "cublas")
        if len(recs) != 1:
            fail(f"cublas: {len(recs)} records")
        r = recs[0]
        if r["status"] == "skipped":
            print("cublas: skipped")
        elif r["status"] == "ok" and len(r.get("results", [])) == len(SGEMM):
            print("cublas: ok")
        else:
            fail(f"cublas: status {r['status']}")


if __name__ == "__main__":
    main()
