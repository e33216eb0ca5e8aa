#!/usr/bin/env python3
"""tools/coverage.py BUILD [LINES BRANCHES]: line and branch coverage of
extract/, src/ and ui/ from the gcov data a --coverage build in BUILD left
(make coverage), per folder and in all, as gcovr counts them.  With the
two floors (percentages), fails when the total falls below either.

The counters are plain increments (Makefile): where batch's threads race
on one, gcov may derive a negative count for a branch, which gcovr cannot
read.  Those lines are skipped and counted here, not hidden."""
import json
import subprocess
import sys

FOLDERS = ("extract", "src", "ui")


def main():
    if len(sys.argv) not in (2, 4):
        sys.exit("usage: tools/coverage.py BUILD [LINES BRANCHES]")
    build = sys.argv[1]
    cmd = ["gcovr", "--root", ".", "--object-directory", build, "-j", "2",
           "--exclude-unreachable-branches", "--gcov-ignore-parse-errors",
           "--json-summary", "-"]
    for f in FOLDERS:
        cmd += ["--filter", f + "/"]
    try:
        # gcovr 5.2 hangs when a worker fails: a bound, not a stuck CI.
        run = subprocess.run(cmd, check=True, capture_output=True, timeout=600)
    except (OSError, subprocess.CalledProcessError, subprocess.TimeoutExpired) as e:
        err = getattr(e, "stderr", b"") or b""
        sys.exit("coverage: gcovr failed: %s %s" % (e, err.decode(errors="replace")[-500:]))
    files = json.loads(run.stdout)["files"]
    skipped = run.stderr.count(b"Exception during parsing")
    rows = {f: [0, 0, 0, 0] for f in FOLDERS}
    for f in files:
        top = f["filename"].split("/", 1)[0]
        if top in rows:
            r = rows[top]
            r[0] += f["line_covered"]
            r[1] += f["line_total"]
            r[2] += f["branch_covered"]
            r[3] += f["branch_total"]
    rows["total"] = [sum(r[i] for r in rows.values()) for i in range(4)]

    def pct(a, b):
        return 100.0 * a / b if b else 0.0

    print("%-8s %14s %7s %16s %7s" % ("folder", "lines", "", "branches", ""))
    for name, r in rows.items():
        print("%-8s %6d/%-7d %6.1f%% %7d/%-8d %6.1f%%" % (
            name, r[0], r[1], pct(r[0], r[1]), r[2], r[3], pct(r[2], r[3])))
    if skipped:
        print("coverage: %d line(s) of gcov's output skipped: a count raced in "
              "batch's threads" % skipped)
    if len(sys.argv) == 4:
        t = rows["total"]
        lines, branches = pct(t[0], t[1]), pct(t[2], t[3])
        floor_l, floor_b = float(sys.argv[2]), float(sys.argv[3])
        if lines < floor_l or branches < floor_b:
            sys.exit("coverage: %.1f%% of lines and %.1f%% of branches, under the "
                     "floor of %g%% and %g%%" % (lines, branches, floor_l, floor_b))
        print("coverage: at or above the floor of %g%% of lines and %g%% of "
              "branches" % (floor_l, floor_b))


main()
