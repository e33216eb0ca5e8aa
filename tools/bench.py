#!/usr/bin/env python3
"""tools/bench.py - pith's speed, as ratios measured in one run (`make bench`).

  1. Single thread, where the time goes: tools/bench_parse.c runs every page
     through read, charset, parse, extract and output and, interleaved, gumbo
     alone on the same bytes; the total against gumbo's parse is the target
     (<= 1.3x).
  2. `pith batch -j 2` throughput against `-j 1` (target >= 1.8x on 2 cores).
  3. One `pith -d -f json` process per page against one batch process.
  4. Memory: `pith batch` over the corpus repeated --repeat times (50): peak
     RSS of a run over the corpus once against the long run's, and the long
     run's resident size sampled near its start and near its end (flat: no
     growth per page).

Peers (trafilatura, rdrview) are measured only where installed; where they
are not, the report says so and gives no figure for them.
"""
import argparse
import datetime
import gzip
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus"))
DEFAULT_CORPORA = [os.path.join(SHARED, "scrapinghub-dev"),
                   os.path.join(SHARED, "readability-pages")]


def collect(corpus, dest):
    """The corpus's pages as plain .html files in dest (gunzipped); their paths."""
    out = []
    os.makedirs(dest, exist_ok=True)
    for name in sorted(os.listdir(corpus)):
        src = os.path.join(corpus, name)
        if os.path.isdir(src) and os.path.isfile(os.path.join(src, "source.html")):
            src, name = os.path.join(src, "source.html"), name + ".html"
        elif name.endswith(".html.gz"):
            name = name[:-3]
        elif not name.endswith(".html"):
            continue
        path = os.path.join(dest, name)
        opener = gzip.open if src.endswith(".gz") else open
        with opener(src, "rb") as f, open(path, "wb") as g:
            shutil.copyfileobj(f, g)
        out.append(path)
    return out


def run_timed(cmd, stdin_data=None, sample=False):
    """Wall time, exit status and peak RSS (KB) of one process; with sample,
    also its resident sizes (KB) read from /proc every 0.2 s."""
    samples = []
    # From a file, not a pipe: batch reads its list as it goes, and a
    # writer blocked on a full pipe could not sample meanwhile.
    with tempfile.TemporaryFile() as f:
        f.write(stdin_data or b"")
        f.seek(0)
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdin=f, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    while sample:
        try:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        except ChildProcessError:
            break
        if pid != 0:
            return time.monotonic() - t0, os.waitstatus_to_exitcode(status), \
                ru.ru_maxrss, samples
        try:
            with open("/proc/%d/status" % p.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        samples.append(int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.2)
    _, status, ru = os.wait4(p.pid, 0)
    return time.monotonic() - t0, os.waitstatus_to_exitcode(status), ru.ru_maxrss, samples


def harness(path, pages, rounds):
    out = subprocess.run([path, "-r", str(rounds)] + pages, capture_output=True,
                         text=True, check=True).stdout
    return {k: float(v) for k, v in (l.split() for l in out.splitlines())}


def peers():
    found = []
    if shutil.which("rdrview"):
        found.append("rdrview")
    try:
        import trafilatura  # noqa: F401
        found.append("trafilatura")
    except ImportError:
        pass
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pith", default="./pith")
    ap.add_argument("--harness", default="build/bench_parse")
    ap.add_argument("--corpus", action="append", help="a corpus folder (repeatable)")
    ap.add_argument("--rounds", type=int, default=3, help="harness rounds (fastest kept)")
    ap.add_argument("--repeat", type=int, default=50, help="corpus copies in the memory run")
    ap.add_argument("--out", help="also write the report (Markdown) to this file")
    a = ap.parse_args()
    corpora = [c for c in (a.corpus or DEFAULT_CORPORA) if os.path.isdir(c)]
    if not corpora:
        sys.exit("bench: no corpus found (give --corpus DIR)")
    pith = os.path.abspath(a.pith)
    lines = []

    def say(s=""):
        print(s, flush=True)
        lines.append(s)

    tmp = tempfile.mkdtemp(prefix="pith-bench-")
    try:
        pages, first = [], []
        for i, c in enumerate(corpora):
            got = collect(c, os.path.join(tmp, "c%d" % i))
            pages += got
            if i == 0:
                first = got
        mb = sum(os.path.getsize(p) for p in pages) / 1e6
        ncpu = os.cpu_count() or 1
        load = os.getloadavg()[0]
        say("# pith speed")
        say()
        say("%s, %s, %d online CPUs, load average %.2f at the start; pith %s." % (
            datetime.date.today().isoformat(), platform.processor() or platform.machine(),
            ncpu, load, subprocess.run([pith, "--version"], capture_output=True,
                                       text=True).stdout.split("\n")[0].split()[-1]))
        say("Corpora: %s; %d pages, %.1f MB of HTML (gunzipped)." % (
            ", ".join(os.path.basename(c) for c in corpora), len(pages), mb))
        if load > max(ncpu - 1, 0.5):
            say()
            say("**Warning:** the load average (%.2f) says other processes compete "
                "for the %d CPUs; absolute rates are low and -j scaling is "
                "understated." % (load, ncpu))
        say()

        # 1. Stages against gumbo.
        h = harness(a.harness, pages, a.rounds)
        total, gumbo, gumbo0 = h["total"], h["gumbo"], h["gumbo_noerrors"]
        say("## Single thread, `auto`: where the time goes")
        say()
        say("| stage | seconds | share | MB/s |")
        say("| --- | ---: | ---: | ---: |")
        for s in ("read", "charset", "parse", "extract", "output", "free"):
            say("| %s | %.3f | %4.1f %% | %.1f |" % (s, h[s], 100 * h[s] / total,
                                                   h["bytes"] / 1e6 / h[s] if h[s] else 0))
        say("| **total** | %.3f | 100 %% | %.1f |" % (total, h["bytes"] / 1e6 / total))
        say("| gumbo alone (default options) | %.3f | | %.1f |" % (gumbo, h["bytes"] / 1e6 / gumbo))
        say("| gumbo alone (max_errors 0, as pith calls it) | %.3f | | %.1f |" % (
            gumbo0, h["bytes"] / 1e6 / gumbo0))
        say()
        r1 = total / gumbo0
        say("Total / gumbo's parse: **%.2fx** (target <= 1.3x: %s); against gumbo "
            "with its default options %.2fx.  pith's parse stage alone is %.2fx "
            "gumbo (the guard's pass and the model on top)." % (
                r1, "met" if r1 <= 1.3 else "NOT met", total / gumbo, h["parse"] / gumbo0))
        say("Fastest of %d rounds, %d pages, %d without an article." % (
            int(h["rounds"]), int(h["pages"]), int(h["failed"])))
        say()

        # 2. -j 2 against -j 1, over the pages twice so the tail is short.
        listing = ("\n".join(pages * 2) + "\n").encode()
        t1, s1, _, _ = run_timed([pith, "batch", "-q", "-j", "1", "-"], listing)
        t2, s2, _, _ = run_timed([pith, "batch", "-q", "-j", "2", "-"], listing)
        say("## Threads")
        say()
        say("| run | seconds | pages/s | MB/s |")
        say("| --- | ---: | ---: | ---: |")
        for name, t in (("batch -j 1", t1), ("batch -j 2", t2)):
            say("| %s | %.2f | %.1f | %.1f |" % (name, t, 2 * len(pages) / t, 2 * mb / t))
        say()
        say("-j 2 / -j 1 throughput: **%.2fx** (target >= 1.8x on 2 free cores: %s)%s." % (
            t1 / t2, "met" if t1 / t2 >= 1.8 else "NOT met",
            "" if ncpu >= 2 else "; this machine has one CPU"))
        if s1 != 0 or s2 != 0:
            say("(batch exited %d and %d)" % (s1, s2))
        say()

        # 3. A process per page against one batch process.
        t0 = time.monotonic()
        for p in pages:
            subprocess.run([pith, "-d", "-f", "json", p], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        tp = time.monotonic() - t0
        say("## A process per page")
        say()
        say("| run | seconds | pages/s | MB/s |")
        say("| --- | ---: | ---: | ---: |")
        say("| one `pith -d -f json` per page | %.2f | %.1f | %.1f |" % (
            tp, len(pages) / tp, mb / tp))
        say("| one `pith batch -j 1` | %.2f | %.1f | %.1f |" % (
            t1 / 2, 2 * len(pages) / t1, 2 * mb / t1))
        say()
        say("A process per page takes **%.2fx** batch's time (%.1f ms more a "
            "page)." % (
                tp / (t1 / 2), 1000 * (tp - t1 / 2) / len(pages)))
        say()

        # 4. Memory: once against --repeat times.
        once = ("\n".join(first) + "\n").encode()
        many = ("\n".join(first * a.repeat) + "\n").encode()
        _, _, rss1, _ = run_timed([pith, "batch", "-q", "-j", "2", "-"], once)
        tm, sm, rssn, samples = run_timed([pith, "batch", "-q", "-j", "2", "-"], many,
                                          sample=True)
        say("## Memory (batch -j 2, %s)" % os.path.basename(corpora[0]))
        say()
        say("| run | pages | peak RSS |")
        say("| --- | ---: | ---: |")
        say("| once | %d | %.1f MB |" % (len(first), rss1 / 1024))
        say("| %d times | %d | %.1f MB |" % (a.repeat, len(first) * a.repeat, rssn / 1024))
        say()
        if len(samples) >= 10:
            # Peaks of the first and last fifths: which pages are in
            # flight makes single samples wander by a few MB.
            k = max(1, len(samples) // 5)
            early, late = max(samples[:k]), max(samples[-k:])
            say("Resident size over the long run (%.0f s, %d samples): peak %.1f MB "
                "in its first fifth, %.1f MB in its last (%+.1f %%): %s." % (
                    tm, len(samples), early / 1024, late / 1024,
                    100.0 * (late - early) / early,
                    "flat" if late <= early * 1.1 + 4096 else "GROWING"))
        else:
            say("The long run was too short to sample (%d samples); raise --repeat." % len(samples))
        say()

        # Peers.
        say("## Peers")
        say()
        found = peers()
        if not found:
            say("trafilatura and rdrview are not installed on this machine: no peer "
                "figures (the ratios against them in issue 7 are unmeasured here).")
        else:
            say("Installed: %s.  Not measured by this script yet: compare by hand "
                "on the same pages." % ", ".join(found))
        say()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
