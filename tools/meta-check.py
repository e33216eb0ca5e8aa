#!/usr/bin/env python3
"""meta-check.py - how often pith's metadata agrees with a corpus's.

Runs `pith -d -f json PAGE` on every CORPUS/NAME/source.html and compares
the JSON keys with CORPUS/NAME/expected-metadata.json (Readability.js's
test expectations):

    title -> title    byline -> byline     dir -> dir         lang -> lang
    excerpt -> excerpt  siteName -> site   publishedTime -> published

Values are compared with white space collapsed; an empty string counts as
null, and a null expectation needs a null from pith.  A key the
expectation file leaves out (older pages have no "lang") is not counted
for that page.  Prints, per field, the share of pages that agree, then
the title mismatches (-v: every field's mismatches).

usage: tools/meta-check.py [-p PITH] [-v] [CORPUS]
"""
import argparse
import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

FIELDS = [("title", "title"), ("byline", "byline"), ("excerpt", "excerpt"),
          ("siteName", "site"), ("lang", "lang"), ("dir", "dir"),
          ("publishedTime", "published")]


def norm(v):
    if v is None:
        return None
    v = " ".join(str(v).split())
    return v if v else None


def run(pith, page):
    try:
        p = subprocess.run([pith, "-d", "-f", "json", page],
                           capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return {}, "timed out"
    if not p.stdout.strip():
        return {}, "exit %d: %s" % (p.returncode,
                                     p.stderr.decode("utf-8", "replace").strip())
    try:
        return json.loads(p.stdout.decode("utf-8")), None
    except ValueError as e:
        return {}, "bad JSON: %s" % e


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # quiet under `| head`
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-p", "--pith", default=os.path.join(here, "..", "pith"))
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="list the mismatches of every field")
    ap.add_argument("corpus", nargs="?", default=os.path.join(
        here, "..", "..", "shared", "corpus", "readability-pages"))
    a = ap.parse_args()

    names = sorted(n for n in os.listdir(a.corpus)
                   if os.path.isfile(os.path.join(a.corpus, n, "source.html")))
    if not names:
        sys.exit("meta-check: no CORPUS/NAME/source.html under %s" % a.corpus)

    def one(name):
        d = os.path.join(a.corpus, name)
        with open(os.path.join(d, "expected-metadata.json"), encoding="utf-8") as f:
            want = json.load(f)
        got, err = run(a.pith, os.path.join(d, "source.html"))
        return name, want, got, err

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as ex:
        results = list(ex.map(one, names))

    failed = [(n, e) for n, _, _, e in results if e]
    miss = {f: [] for f, _ in FIELDS}
    seen = {f: 0 for f, _ in FIELDS}
    for name, want, got, _ in results:
        for f, key in FIELDS:
            if f not in want:
                continue
            seen[f] += 1
            w, g = norm(want[f]), norm(got.get(key))
            if w != g:
                miss[f].append((name, w, g))

    print("%-14s %7s %9s" % ("field", "agree", "pages"))
    for f, key in FIELDS:
        n = seen[f]
        ok = n - len(miss[f])
        print("%-14s %6.1f%% %4d/%-4d" % (f, 100.0 * ok / n if n else 0, ok, n))
    if failed:
        print("\npages without JSON output (%d):" % len(failed))
        for n, e in failed:
            print("  %s: %s" % (n, e[:200]))
    for f, _ in FIELDS:
        if f != "title" and not a.verbose:
            continue
        if miss[f]:
            print("\n%s mismatches (%d):" % (f, len(miss[f])))
            for name, w, g in miss[f]:
                print("  %s\n    want: %r\n    got:  %r" % (
                    name, w if w is None else w[:160], g if g is None else g[:160]))


if __name__ == "__main__":
    main()
