#!/usr/bin/env python3
"""Runs the commands that README.md and docs/*.md show and compares their
output with what the page shows, so the documentation cannot drift.

In a fenced code block, a line starting with "$ " is a command; the lines
after it, up to the next "$ " line or the end of the block, are its output
(standard output and standard error together, in the order a terminal shows
them). A command ending in " \\" continues on the next line. Matching:

  * every shown line must match one line of the output, in order, and the
    output may have no other lines except where the page elides them;
  * a line that is only "..." (indentation allowed) stands for any number of
    lines, none included;
  * "..." inside a line stands for any text within that line;
  * trailing spaces are ignored;
  * the command must exit with status 0, unless the shown output ends with
    a line "[exit status N]": then with N (a refusal shown as documented
    is an error exit, and a page shows it so).

Commands run with sh in one scratch folder per page, in page order (a
command may use a file an earlier one wrote), where examples/, test/,
bench/, runtime/ and docs/ are links into the source tree and build/bin is
a link to the tools: `build/bin/looptile examples/mmm.c` runs as written,
and so do `looptile ...` and `looptile-run ...` (the tools are first on
PATH). OpenCL runs use the CPU device (LOOPTILE_DEVICE=cpu) with caches in
the scratch folder.

A C block whose first line is "/* NAME */" is a file: if NAME is a file of
the source tree, the block's other lines must appear in it as they are (one
run of lines); otherwise the block is written to NAME in the scratch folder
(the whole block, so the line numbers are the block's) for the commands
after it.

An HTML comment "<!-- check-docs: skip (REASON) -->" on the line before a
block leaves that block out (commands that need a GPU, say); the reason is
printed. Every other block without a language (or "text") must have a
command, or be marked "<!-- check-docs: illustrative (REASON) -->": a
synopsis, a layout, an excerpt that a lit test checks (the reason names
it); an unmarked one is a failure, so that no output on a page goes
unchecked by accident.

  check-docs.py --bin-dir build/bin --source-dir . --work-dir /tmp/x \\
      README.md docs/*.md

Exit status 0 when every command's output matches, 1 otherwise (each
mismatch is reported with the page, line, command, and the output).
"""
import argparse
import functools
import os
import re
import shutil
import subprocess
import sys

ELISION = "..."


class Block:
    def __init__(self, path, line, info, lines, skip):
        self.path = path    # the markdown file
        self.line = line    # line number of the opening fence
        self.info = info    # the fence's info string ("c", "", ...)
        self.lines = lines  # the lines inside the fence
        self.skip = skip    # ("skip" or "illustrative", the reason), or None


def parse_blocks(path):
    """The fenced code blocks of a markdown file."""
    with open(path, encoding="utf-8") as f:
        text = f.read().split("\n")
    blocks, i, skip = [], 0, None
    while i < len(text):
        line = text[i]
        m = re.match(r"^(\s*)```(.*)$", line)
        if not m:
            s = re.match(r"^\s*<!--\s*check-docs:\s*(skip|illustrative)\s*"
                         r"(?:\((.*)\))?\s*-->\s*$", line)
            if s:
                skip = (s.group(1), s.group(2) or "no reason given")
            elif line.strip():
                skip = None
            i += 1
            continue
        indent, info = m.group(1), m.group(2).strip()
        start, body = i + 1, []
        i += 1
        while i < len(text) and not re.match(r"^\s*```\s*$", text[i]):
            body.append(text[i][len(indent):] if text[i].startswith(indent)
                        else text[i])
            i += 1
        blocks.append(Block(path, start, info, body, skip))
        skip = None
        i += 1
    return blocks


def commands_of(block):
    """(line number, command, expected output lines) of a block."""
    out, i = [], 0
    lines = block.lines
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        number = block.line + i + 1
        cmd = lines[i][2:]
        while cmd.endswith("\\") and i + 1 < len(lines):
            i += 1
            cmd = cmd[:-1] + " " + lines[i].strip()
        i += 1
        expected = []
        while i < len(lines) and not lines[i].startswith("$ "):
            expected.append(lines[i])
            i += 1
        while expected and not expected[-1].strip():
            expected.pop()
        status = 0
        m = re.match(r"^\[exit status (\d+)\]$",
                     expected[-1].strip()) if expected else None
        if m:
            status = int(m.group(1))
            expected.pop()
        out.append((number, cmd, expected, status))
    return out


def line_pattern(shown):
    """A regex for one shown line: "..." inside it matches any text."""
    parts = shown.rstrip().split(ELISION)
    return re.compile(".*".join(re.escape(p) for p in parts))


def matches(expected, actual):
    """True when the shown lines match the output (module docstring)."""
    pats = [None if e.strip() == ELISION else line_pattern(e)
            for e in expected]
    act = [a.rstrip() for a in actual]

    @functools.lru_cache(maxsize=None)
    def match(i, j):
        if i == len(pats):
            return j == len(act)
        if pats[i] is None:
            return any(match(i + 1, k) for k in range(j, len(act) + 1))
        return (j < len(act) and pats[i].fullmatch(act[j]) is not None
                and match(i + 1, j + 1))

    return match(0, 0)


def first_unmatched(expected, actual):
    """The first shown line (not an elision) that no output line matches,
    to point at in the report."""
    act = [a.rstrip() for a in actual]
    for e in expected:
        if e.strip() == ELISION:
            continue
        pat = line_pattern(e)
        if not any(pat.fullmatch(a) for a in act):
            return e
    return None


def prepare_work_dir(work, source_dir, bin_dir):
    if os.path.exists(work):
        shutil.rmtree(work)
    os.makedirs(os.path.join(work, "build"))
    for name in ("examples", "test", "bench", "runtime", "docs", "utils"):
        target = os.path.join(source_dir, name)
        if os.path.exists(target):
            os.symlink(target, os.path.join(work, name))
    os.symlink(os.path.abspath(bin_dir), os.path.join(work, "build", "bin"))


def environment(work, bin_dir):
    env = dict(os.environ)
    env["PATH"] = os.path.abspath(bin_dir) + os.pathsep + env.get("PATH", "")
    env["LOOPTILE_DEVICE"] = "cpu"
    env["LOOPTILE_CACHE_DIR"] = os.path.join(work, ".looptile-cache")
    env["LOOPTILE_TUNE_CACHE"] = os.path.join(work, "tuning.json")
    env.pop("LOOPTILE_COMPUTE_UNITS", None)
    env.pop("LOOPTILE_VERBOSE", None)
    return env


def run(cmd, work, env, timeout):
    # stdbuf makes standard output line-buffered, as on a terminal, so that
    # it interleaves with standard error the way a reader sees it.
    argv = ["sh", "-c", cmd + " 2>&1"]
    if shutil.which("stdbuf"):
        argv = ["stdbuf", "-oL", "-eL"] + argv
    p = subprocess.run(argv, cwd=work, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    text = p.stdout.decode("utf-8", "replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return p.returncode, lines


def check_file_block(block, source_dir, work, rel):
    """A C block named by its first line: (whether it is one, the error or
    None)."""
    m = re.match(r"^/\*\s*(\S+)\s*\*/\s*$", block.lines[0]) if block.lines \
        else None
    if not m:
        return False, None
    name, body = m.group(1), block.lines[1:]
    while body and not body[-1].strip():
        body.pop()
    in_tree = os.path.join(source_dir, name)
    if os.path.isfile(in_tree):
        with open(in_tree, encoding="utf-8") as f:
            lines = [l.rstrip() for l in f.read().split("\n")]
        want = [l.rstrip() for l in body]
        for k in range(len(lines) - len(want) + 1):
            if lines[k:k + len(want)] == want:
                return True, None
        return True, ("%s:%d: the block shows %s, but its lines are not in "
                      "that file as shown" % (rel, block.line, name))
    # The whole block, name line included, so that line numbers in the
    # output are the ones a reader counts in the block.
    path = os.path.join(work, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join([block.lines[0]] + body) + "\n")
    return True, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--work-dir", required=True)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()
    source_dir = os.path.abspath(args.source_dir)

    failures, commands, files, skipped, shown = [], 0, 0, 0, 0
    for page in args.pages:
        rel = os.path.relpath(os.path.abspath(page), source_dir)
        work = os.path.join(os.path.abspath(args.work_dir),
                            re.sub(r"[^A-Za-z0-9_.-]", "_", rel))
        prepare_work_dir(work, source_dir, args.bin_dir)
        env = environment(work, args.bin_dir)
        for block in parse_blocks(page):
            cmds = commands_of(block)
            if block.skip is not None:
                kind, reason = block.skip
                if kind == "illustrative":
                    shown += 1
                elif cmds:
                    skipped += len(cmds)
                    print("%s:%d: skipped (%s)" % (rel, block.line, reason))
                continue
            if not cmds and block.info in ("", "text"):
                failures.append(
                    "%s:%d: a block with no command: show the command that "
                    "prints it ($ ...) or mark it <!-- check-docs: "
                    "illustrative (REASON) -->" % (rel, block.line))
                continue
            if block.info == "c":
                named, err = check_file_block(block, source_dir, work, rel)
                files += named
                if err:
                    failures.append(err)
                continue
            for number, cmd, expected, want in cmds:
                commands += 1
                try:
                    status, actual = run(cmd, work, env, args.timeout)
                except subprocess.TimeoutExpired:
                    failures.append("%s:%d: `%s` did not finish in %g s" %
                                    (rel, number, cmd, args.timeout))
                    continue
                if matches(expected, actual) and status == want:
                    continue
                missing = first_unmatched(expected, actual)
                if status != want:
                    report = ["%s:%d: `%s` exited with status %d; the page "
                              "shows %s" % (rel, number, cmd, status,
                                            "[exit status %d]" % want
                                            if want else "success (no "
                                            "[exit status N] line)")]
                else:
                    report = ["%s:%d: the output of `%s` (exit status %d) "
                              "does not match the page" % (rel, number, cmd,
                                                           status)]
                if missing is not None:
                    report.append("  not in the output: %s" % missing)
                report.append("  the page shows:")
                report += ["    | " + e for e in expected]
                report.append("  the command printed:")
                report += ["    | " + a for a in actual]
                failures.append("\n".join(report))
    for f in failures:
        print(f, file=sys.stderr)
    print("check-docs: %d commands and %d named C blocks in %d pages; "
          "%d skipped; %d illustrative blocks; %d mismatches" %
          (commands, files, len(args.pages), skipped, shown, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
