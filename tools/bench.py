#!/usr/bin/env python3
"""tools/bench.py - pith's speed and memory, as ratios measured in one run (`make bench`).

  1. Single thread, where the time goes: tools/bench_parse.c runs every page
     through read, charset, parse, extract and output and, interleaved, gumbo
     alone on the same bytes; the total against gumbo's parse is the target
     (<= 1.3x).
     Then the whole process: one `pith batch -j 1` against one that only
     reads, parses with gumbo, walks and frees the pages (bench_parse -W),
     with malloc and with pith's arena (target <= 1.10x and <= 1.05x).
  2. `pith batch -j 2` throughput against `-j 1` (target >= 1.9x on 2 cores).
  3. One `pith -d -f json` process per page against one batch process.
  4. Memory: `pith batch` over the corpus repeated --repeat times (50): peak
     RSS of a run over the corpus once against the long run's, and the long
     run's resident size sampled near its start and near its end (flat: no
     growth per page).  Then one page at a time: the largest corpus pages, a
     generated 5 MB article page and 50 MB of text in one node (the hostile
     suite's page), peak RSS against 12 x the page + 8 MB, and for the 50 MB
     page pith's total time against gumbo's parse of it.
  5. The reader (tools/bench_reader.c): the largest corpus page's first
     screen against what pith -d does with it (target <= 1.15x), a generated
     5 MB page's first screen against its parse (target <= 1.5x), and a
     generated 300 KB article laid out again at another width, as on a
     resize (target < 20 ms).  Then the layout per MB of generated pages
     of 1 to 20 MB (one wide table row, a tall table, a paragraph of many
     styled runs, an article): flat when 20 MB is within 1.5x of 1 MB
     (--layout-only runs just this).
  6. Peers, one process each over the same pages: readability-lxml where
     Python can import it, Readability.js under Node where npm can install
     @mozilla/readability and jsdom into a scratch folder; trafilatura and
     rdrview where installed.  What is missing is named, with no figure.
"""
import argparse
import datetime
import gzip
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "corpus"))
DEFAULT_CORPORA = [os.path.join(SHARED, "scrapinghub-dev"),
                   os.path.join(SHARED, "readability-pages")]
MB = 1 << 20
PEER_TIMEOUT = 1800


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


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run_timed(cmd, stdin_data=None, sample=False, env=None):
    """Wall time, exit status and peak RSS (KB) of one process; with sample,
    also its resident sizes (KB) read from /proc every 0.2 s.

    The peak comes from GNU time when there is one: a child's ru_maxrss
    starts from the peak of the process it was forked from, and this
    script holds large pages."""
    samples = []
    peak = tempfile.NamedTemporaryFile(delete=False)
    peak.close()
    if GNU_TIME is not None:
        cmd = [GNU_TIME, "-o", peak.name, "-f", "%M"] + cmd
    # From a file, not a pipe: batch reads its list as it goes, and a
    # writer blocked on a full pipe could not sample meanwhile.
    with tempfile.TemporaryFile() as f:
        f.write(stdin_data or b"")
        f.seek(0)
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdin=f, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env)
    watched = p.pid
    while sample:
        try:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        except ChildProcessError:
            break
        if pid != 0:
            break
        if watched == p.pid and GNU_TIME is not None:
            # time's child is the process to watch.
            try:
                with open("/proc/%d/task/%d/children" % (p.pid, p.pid)) as c:
                    kids = c.read().split()
                watched = int(kids[0]) if kids else p.pid
            except (OSError, ValueError):
                pass
        try:
            with open("/proc/%d/status" % watched) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        samples.append(int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.2)
    else:
        _, status, ru = os.wait4(p.pid, 0)
    secs = time.monotonic() - t0
    kb = ru.ru_maxrss
    try:
        with open(peak.name) as f:
            kb = int(f.read().split()[-1])
    except (OSError, ValueError, IndexError):
        pass
    os.unlink(peak.name)
    return secs, os.waitstatus_to_exitcode(status), kb, samples


def figures(cmd):
    """A harness's "name value" lines as a dict."""
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return {k: float(v) for k, v in (l.split() for l in out.splitlines())}


def machine():
    """CPU model, online CPUs and kernel, for the report's first line."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return model, os.cpu_count() or 1, "%s %s" % (platform.system(), platform.release())


# ------------------------------------------------------ generated pages

WORDS = ("the of and to in a is that for it as was with be by on not he this are or his "
         "from at which but have an they you were her she there one all we their been has "
         "when who will more no if out so said what up its about into than them can only "
         "other new some could time these two may then do first any my now such like our "
         "over man me even most made after also did many before must through back years "
         "where much your way well down should because each just those people how too "
         "little state good very make world still own see men work long get here between "
         "both life being under never day same another know while last might us great old "
         "year off come since against go came right used take three council bridge river "
         "museum election harbour engineers archive budget season railway festival").split()


def sentence(rnd):
    n = rnd.randint(8, 22)
    out = []
    for i in range(n):
        w = rnd.choice(WORDS)
        if i == 0:
            w = w.capitalize()
        r = rnd.random()
        if r < 0.03:
            w = '<a href="/wiki/%s_%d">%s</a>' % (w, rnd.randint(1, 999), w)
        elif r < 0.05:
            w = "<em>%s</em>" % w
        elif r < 0.06:
            w = "<strong>%s</strong>" % w
        if i < n - 1 and rnd.random() < 0.08:
            w += ","
        out.append(w)
    return " ".join(out) + rnd.choice([".", ".", ".", "?", "!"])


def article_page(html_bytes=None, text_bytes=None, seed=7):
    """A news page with one long article (paragraphs with links and
    emphasis, headings, lists, quotes, code, tables) between a menu and a
    sidebar: about html_bytes of HTML, or about text_bytes of article text."""
    rnd = random.Random(seed)
    head = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A long '
            'report on the harbour bridge | Example News</title></head><body><header><nav>'
            '<ul>' + "".join('<li><a href="/s/%d">Section %d</a></li>' % (i, i)
                             for i in range(12)) +
            '</ul></nav></header><main><article class="story"><h1>A long report on the '
            'harbour bridge</h1><p class="byline">By Ann Writer</p>')
    tail = ('</article></main><aside class="sidebar"><ul>' +
            "".join('<li><a href="/r/%d">Related story %d</a></li>' % (i, i)
                    for i in range(8)) +
            '</ul></aside><footer><p>Copyright Example News</p></footer></body></html>\n')
    parts, size, text, i = [head], len(head) + len(tail), 0, 0
    while (size < html_bytes) if text_bytes is None else (text < text_bytes):
        i += 1
        if i % 12 == 0:
            s = "<h2>%s</h2>" % " ".join(rnd.choice(WORDS) for _ in range(5)).capitalize()
        elif i % 29 == 0:
            s = "<ul>" + "".join("<li>%s</li>" % sentence(rnd) for _ in range(5)) + "</ul>"
        elif i % 41 == 0:
            s = "<blockquote><p>%s</p></blockquote>" % " ".join(
                sentence(rnd) for _ in range(3))
        elif i % 67 == 0:
            s = "<pre><code>" + "\n".join("    let x%d = f(%d, \"%s\");" % (
                k, k, rnd.choice(WORDS)) for k in range(8)) + "</code></pre>"
        elif i % 83 == 0:
            s = "<table><tr><th>Year</th><th>Cost</th><th>Note</th></tr>" + "".join(
                "<tr><td>%d</td><td>%d</td><td>%s</td></tr>" % (
                    1990 + k, rnd.randint(1, 999), rnd.choice(WORDS)) for k in range(6)) + \
                "</table>"
        else:
            s = "<p>%s</p>" % " ".join(sentence(rnd) for _ in range(rnd.randint(3, 7)))
        parts.append(s + "\n")
        size += len(s) + 1
        text += len(s) * 0.8
    parts.append(tail)
    return "".join(parts).encode()


def one_node_page(mb=50):
    """mb MB of prose in one text node (tests/hostile's "50 MB of text in
    one node")."""
    s = (b"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod "
         b"tempor incididunt ut labore et dolore magna aliqua. ")
    head = (b'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Hostile page'
            b'</title></head>\n<body><article><h1>Hostile page</h1>\n<p>')
    return head + s * (mb * MB // len(s)) + b"</p></article></body></html>"


def repeat_page(nbytes, open_, unit, close):
    """An article page of about nbytes: a paragraph, then open_, unit(i)
    for i = 0, 1, ... and close."""
    head = ('<!DOCTYPE html><html><head><meta charset="utf-8"><title>A generated page'
            '</title></head><body><article><h1>A generated page</h1><p>What follows was '
            'generated to time the layout, with words enough around it to make an '
            'article of the page.</p>' + open_)
    tail = close + '<p>Words after it, enough of them to count as an article too.</p>' \
        '</article></body></html>\n'
    parts, size, i = [head], len(head) + len(tail), 0
    while size < nbytes:
        u = unit(i)
        parts.append(u)
        size += len(u)
        i += 1
    parts.append(tail)
    return "".join(parts).encode()


# The layout's pages (issue 17): each a shape that was quadratic.
LAYOUT_PAGES = (
    ("one table row of many cells", lambda n: repeat_page(
        n, "<table><tr>", lambda i: "<td>cell %d</td>" % i, "</tr></table>")),
    ("a table of many rows", lambda n: repeat_page(
        n, "<table>", lambda i: "<tr><th>row %d</th><td>a value of it</td><td>a note"
        "</td></tr>" % i, "</table>")),
    ("a paragraph of many styled runs", lambda n: repeat_page(
        n, "<p>", lambda i: "<b>bold</b> <i>it%d</i> " % (i % 10), "</p>")),
    ("an article", lambda n: article_page(html_bytes=n)),
)
LAYOUT_SIZES = (1, 2, 5, 10, 20)


def layout_series(say, reader, tmp):
    """The first layout of each generated page at each size, and the same
    laid out again (as on a resize), per MB of HTML: flat when the 20 MB
    page's figure is within 1.5x of the 1 MB page's.  Memory is warmed
    before the first layout (bench_reader -W); the 20 MB pages are also
    laid out without, and both are shown."""
    figs, cold = [], []
    for name, make in LAYOUT_PAGES:
        row = []
        for m in LAYOUT_SIZES:
            path = os.path.join(tmp, "layout-%d.html" % m)
            with open(path, "wb") as f:
                f.write(make(m * MB))
            row.append(figures([reader, "-l", "-W", "-r", "3", path]))
            if m == LAYOUT_SIZES[-1]:
                cold.append(figures([reader, "-l", "-r", "3", path]))
            os.unlink(path)
        figs.append(row)
    say("### Layout time per MB of page")
    say()
    verdicts = []
    for key, what in (("first_screen_cpu", "The first layout"),
                      ("again_cpu", "Laid out again")):
        say("| %s | " % what + " | ".join("%d MB" % m for m in LAYOUT_SIZES) +
            " | 20 MB / 1 MB | lines at 20 MB |")
        say("| --- | " + " | ".join("---:" for _ in LAYOUT_SIZES) + " | ---: | ---: |")
        flat = []
        for (name, _), row in zip(LAYOUT_PAGES, figs):
            per_mb = [r[key] / (r["bytes"] / MB) for r in row]
            ratio = per_mb[-1] / per_mb[0]
            flat.append(ratio <= 1.5)
            say("| %s | %s | **%.2fx** | %d |" % (
                name, " | ".join("%.1f ms" % (1000 * t) for t in per_mb), ratio,
                int(row[-1]["lines"])))
        say()
        verdicts.append("%s: %s" % (what.lower(), "met for every page" if all(flat) else
                                    "NOT met for " + ", ".join(
                                        n for (n, _), f in zip(LAYOUT_PAGES, flat) if not f)))
    say("| Memory not warmed | 1 MB | 20 MB | 20 MB / 1 MB | pages first touched a MB "
        "at 1 MB | at 20 MB |")
    say("| --- | ---: | ---: | ---: | ---: | ---: |")
    for (name, _), row, c in zip(LAYOUT_PAGES, figs, cold):
        one = row[0]["first_screen_cpu"] / (row[0]["bytes"] / MB)
        big = c["first_screen_cpu"] / (c["bytes"] / MB)
        say("| %s | %.1f ms | %.1f ms | %.2fx | %d | %d |" % (
            name, 1000 * one, 1000 * big, big / one,
            row[0]["first_faults"] / (row[0]["bytes"] / MB),
            c["first_faults"] / (c["bytes"] / MB)))
    say()
    say("The layout at 80 columns, after the page is parsed and extracted (what the reader "
        "does before its first screen), then again at the same width (as on each resize, "
        "`w`, `a` and `d`): the layout thread's processor time (a shared machine's other "
        "work left out) per MB of HTML, the least of 3 rounds.  Flat (20 MB "
        "within 1.5x of 1 MB): %s." % "; ".join(verdicts))
    say()
    say("Before the first layout the bench touches and frees 8 bytes a byte of the page "
        "(`bench_reader -W`), so that the layout is given memory the kernel has just had "
        "back, as a small page's layout is by the parse before it.  A kernel with free page "
        "reporting (a Firecracker or other virtio guest's `page_reporting`) gives memory "
        "free for 2 s back to the host, and each page of it costs a host page fault when "
        "touched again: about 10 us on the machine of docs/performance.md, eight times a "
        "warm page.  The 20 MB page's parse takes about 2 s, so without the warming its "
        "first layout is timed on the host's faults, not on its own work.  The last table "
        "shows the 20 MB pages without the warming, and the pages of memory each first "
        "layout touched a MB: a 1 MB page's layout mostly reuses memory the allocator "
        "already holds.")


# --------------------------------------------------------------- peers

READABILITY_JS = r"""
const fs = require('fs');
const { JSDOM, VirtualConsole } = require('jsdom');
const { Readability } = require('@mozilla/readability');
const files = fs.readFileSync(0, 'utf8').split('\n').filter(Boolean);
let ok = 0, none = 0;
for (const f of files) {
  try {
    const dom = new JSDOM(fs.readFileSync(f), { url: 'https://example.org/',
      virtualConsole: new VirtualConsole() });
    const r = new Readability(dom.window.document).parse();
    if (r && r.textContent) ok++; else none++;
    dom.window.close();
  } catch (e) { none++; }
}
console.log(JSON.stringify({ ok, none }));
"""

READABILITY_LXML = r"""
import sys
from readability import Document
ok = none = 0
for f in sys.stdin.read().split("\n"):
    if not f:
        continue
    try:
        with open(f, "rb") as h:
            if Document(h.read()).summary():
                ok += 1
            else:
                none += 1
    except Exception:
        none += 1
print(ok, none)
"""


def python_with(module):
    """A Python interpreter that can import module, or None."""
    for py in (sys.executable, shutil.which("python3"), "/usr/bin/python3"):
        if py and os.path.exists(py) and subprocess.run(
                [py, "-c", "import " + module], capture_output=True).returncode == 0:
            return py
    return None


def node_readability(tmp):
    """A folder where @mozilla/readability and jsdom are installed, and
    their versions, or None and why not."""
    if not shutil.which("node") or not shutil.which("npm"):
        return None, "node or npm is not installed"
    d = os.path.join(tmp, "node")
    os.makedirs(d, exist_ok=True)
    try:
        r = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent",
                            "@mozilla/readability", "jsdom"], cwd=d,
                           capture_output=True, text=True, timeout=600)
    except subprocess.TimeoutExpired:
        return None, "npm install timed out"
    if r.returncode != 0:
        return None, "npm install failed: " + (r.stderr.strip().splitlines() or ["?"])[-1]
    versions = []
    for pkg in ("@mozilla/readability", "jsdom"):
        try:
            with open(os.path.join(d, "node_modules", pkg, "package.json")) as f:
                versions.append("%s %s" % (pkg, json.load(f)["version"]))
        except (OSError, ValueError, KeyError):
            versions.append(pkg)
    with open(os.path.join(d, "bench.js"), "w") as f:
        f.write(READABILITY_JS)
    return d, ", ".join(versions) + ", Node " + subprocess.run(
        ["node", "--version"], capture_output=True, text=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pith", default="./pith")
    ap.add_argument("--harness", default="build/bench_parse")
    ap.add_argument("--reader", default="build/bench_reader")
    ap.add_argument("--corpus", action="append", help="a corpus folder (repeatable)")
    ap.add_argument("--rounds", type=int, default=3, help="harness rounds (fastest kept)")
    ap.add_argument("--repeat", type=int, default=50, help="corpus copies in the memory run")
    ap.add_argument("--no-peers", action="store_true", help="skip the peers")
    ap.add_argument("--out", help="also write the report (Markdown) to this file")
    ap.add_argument("--layout-only", action="store_true",
                    help="only the layout's series of generated pages")
    a = ap.parse_args()
    if a.layout_only:
        tmp = tempfile.mkdtemp(prefix="pith-bench-")
        try:
            layout_series(print, a.reader, tmp)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return
    corpora = [c for c in (a.corpus or DEFAULT_CORPORA) if os.path.isdir(c)]
    if not corpora:
        sys.exit("bench: no corpus found (give --corpus DIR)")
    pith = os.path.abspath(a.pith)
    lines = []

    def say(s=""):
        print(s, flush=True)
        lines.append(s)

    tmp = tempfile.mkdtemp(prefix="pith-bench-")
    # pith learns no site statistics and caches nothing of ours.
    env = dict(os.environ, XDG_CONFIG_HOME=tmp + "/cfg", XDG_CACHE_HOME=tmp + "/cache",
               XDG_DATA_HOME=tmp + "/data", XDG_STATE_HOME=tmp + "/state")
    try:
        pages, first = [], []
        for i, c in enumerate(corpora):
            got = collect(c, os.path.join(tmp, "c%d" % i))
            pages += got
            if i == 0:
                first = got
        mb = sum(os.path.getsize(p) for p in pages) / 1e6
        model, ncpu, kernel = machine()
        load = os.getloadavg()[0]
        version = subprocess.run([pith, "--version"], capture_output=True,
                                 text=True).stdout.split("\n")[0].split()[-1]
        say("# pith speed and memory")
        say()
        say("Measured by `make bench` (tools/bench.py) in one run on %s: %s, %d online "
            "CPUs, %s; load average %.2f at the start; pith %s." % (
                datetime.date.today().isoformat(), model, ncpu, kernel, load, version))
        say("Corpora: %s; %d pages, %.1f MB of HTML (gunzipped).  Every figure below is a "
            "ratio of two measurements taken in this run, so a busier or faster machine "
            "moves both." % (", ".join(os.path.basename(c) for c in corpora), len(pages), mb))
        if load > max(ncpu - 1, 0.5):
            say()
            say("**Warning:** the load average (%.2f) says other processes compete "
                "for the %d CPUs; absolute rates are low and -j scaling is "
                "understated." % (load, ncpu))
        say()

        # 1. Stages against gumbo.
        h = figures([a.harness, "-r", str(a.rounds)] + pages)
        total, gumbo, gumbo0 = h["total"], h["gumbo"], h["gumbo_noerrors"]
        say("## Single thread, `auto`: where the time goes")
        say()
        say("| stage | seconds | share | MB/s | / gumbo |")
        say("| --- | ---: | ---: | ---: | ---: |")
        for s in ("read", "charset", "parse", "extract", "output", "free"):
            say("| %s | %.3f | %4.1f %% | %.1f | %.3f |" % (
                s, h[s], 100 * h[s] / total, h["bytes"] / 1e6 / h[s] if h[s] else 0,
                h[s] / gumbo0))
        say("| **total** | %.3f | 100 %% | %.1f | **%.3f** |" % (
            total, h["bytes"] / 1e6 / total, total / gumbo0))
        say("| gumbo alone (default options) | %.3f | | %.1f | %.3f |" % (
            gumbo, h["bytes"] / 1e6 / gumbo, gumbo / gumbo0))
        say("| gumbo alone (max_errors 0, as pith calls it) | %.3f | | %.1f | 1 |" % (
            gumbo0, h["bytes"] / 1e6 / gumbo0))
        say()
        r1 = total / gumbo0
        say("Total / gumbo's parse: **%.2fx** (target <= 1.3x: %s); against gumbo "
            "with its default options %.2fx.  pith's parse stage alone is %.2fx "
            "gumbo (the guard's pass, the tree walk and the metadata on top); "
            "\"free\" includes gumbo's tree, dropped with the document's arena, "
            "where gumbo alone frees its tree node by node." % (
                r1, "met" if r1 <= 1.3 else "NOT met", total / gumbo, h["parse"] / gumbo0))
        say("Fastest of %d rounds, %d pages, %d without an article." % (
            int(h["rounds"]), int(h["pages"]), int(h["failed"])))
        say()

        # 1b. The whole process against gumbo's limit: one pith batch -j 1
        # against a process that only reads, parses with gumbo, walks and
        # frees the same pages (bench_parse -W), with malloc and with
        # pith's arena (-A); alternating, the fastest of each counts.
        listing1 = ("\n".join(pages) + "\n").encode()
        runs = {"pith": [pith, "batch", "-q", "-j", "1", "-a", "auto", "-"],
                "gumbo": [a.harness, "-W"] + pages,
                "arena": [a.harness, "-W", "-A"] + pages}
        whole = {k: None for k in runs}
        for _ in range(a.rounds + 2):
            for k, cmd in runs.items():
                t, _, _, _ = run_timed(cmd, listing1 if k == "pith" else None, env=env)
                whole[k] = t if whole[k] is None else min(whole[k], t)
        say("### The whole process against gumbo's limit")
        say()
        say("| process | seconds | MB/s | / gumbo |")
        say("| --- | ---: | ---: | ---: |")
        for name, k in (("`pith batch -j 1 -a auto`", "pith"),
                        ("gumbo: read, parse, walk, destroy", "gumbo"),
                        ("the same, gumbo in pith's arena", "arena")):
            say("| %s | %.3f | %.1f | %.3f |" % (name, whole[k], mb / whole[k],
                                                  whole[k] / whole["gumbo"]))
        say()
        rw, ra = whole["pith"] / whole["gumbo"], whole["pith"] / whole["arena"]
        say("pith's whole run / gumbo's: **%.2fx** (target <= 1.10x: %s); against gumbo "
            "given pith's arena **%.2fx** (target <= 1.05x: %s).  The arena alone makes "
            "gumbo's run %.2fx.  Fastest of %d alternating rounds." % (
                rw, "met" if rw <= 1.10 else "NOT met", ra,
                "met" if ra <= 1.05 else "NOT met", whole["arena"] / whole["gumbo"],
                a.rounds + 2))
        say()

        # 2. -j 2 against -j 1, over the pages twice so the tail is short;
        # the two alternate and the fastest of each counts, as a virtual
        # machine's speed drifts more between two runs than threads differ.
        listing = ("\n".join(pages * 2) + "\n").encode()
        best, status = {1: None, 2: None}, {1: 0, 2: 0}
        for _ in range(a.rounds):
            for j in (1, 2):
                t, st, _, _ = run_timed([pith, "batch", "-q", "-j", str(j), "-"], listing,
                                        env=env)
                best[j] = t if best[j] is None else min(best[j], t)
                status[j] = status[j] or st
        t1, t2, s1, s2 = best[1], best[2], status[1], status[2]
        say("## Threads")
        say()
        say("| run | seconds | pages/s | MB/s |")
        say("| --- | ---: | ---: | ---: |")
        for name, t in (("batch -j 1", t1), ("batch -j 2", t2)):
            say("| %s | %.2f | %.1f | %.1f |" % (name, t, 2 * len(pages) / t, 2 * mb / t))
        say()
        say("-j 2 / -j 1 throughput: **%.2fx** (target >= 1.9x on 2 free cores: %s)%s; "
            "fastest of %d alternating rounds each." % (
                t1 / t2, "met" if t1 / t2 >= 1.9 else "NOT met",
                "" if ncpu >= 2 else "; this machine has one CPU", a.rounds))
        if s1 != 0 or s2 != 0:
            say("(batch exited %d and %d)" % (s1, s2))
        say()

        # 3. A process per page against one batch process.
        t0 = time.monotonic()
        for p in pages:
            subprocess.run([pith, "-d", "-f", "json", p], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, env=env)
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
            "page)." % (tp / (t1 / 2), 1000 * (tp - t1 / 2) / len(pages)))
        say()

        # 4. Memory: once against --repeat times.
        once = ("\n".join(first) + "\n").encode()
        many = ("\n".join(first * a.repeat) + "\n").encode()
        _, _, rss1, _ = run_timed([pith, "batch", "-q", "-j", "2", "-"], once, env=env)
        tm, sm, rssn, samples = run_timed([pith, "batch", "-q", "-j", "2", "-"], many,
                                          sample=True, env=env)
        say("## Memory")
        say()
        say("### Batch (-j 2, %s)" % os.path.basename(corpora[0]))
        say()
        say("| run | pages | peak RSS |")
        say("| --- | ---: | ---: |")
        say("| once | %d | %.1f MB |" % (len(first), rss1 / 1024))
        say("| %d times | %d | %.1f MB |" % (a.repeat, len(first) * a.repeat, rssn / 1024))
        say()
        say("The long run's peak is %.2fx the single run's." % (rssn / rss1))
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
            say("The long run was too short to sample (%d samples); raise --repeat." %
                len(samples))
        say()

        # One page at a time: peak RSS against 12 x the page + 8 MB.
        big = os.path.join(tmp, "one-node-50mb.html")
        art5 = os.path.join(tmp, "article-5mb.html")
        art300 = os.path.join(tmp, "article-300kb.html")
        with open(big, "wb") as f:
            f.write(one_node_page(50))
        with open(art5, "wb") as f:
            f.write(article_page(html_bytes=5 * 1000 * 1000))
        with open(art300, "wb") as f:
            f.write(article_page(text_bytes=300 * 1000))
        say("### One page (`pith -d`)")
        say()
        say("| page | size | format | seconds | peak RSS | RSS / size | <= 12 x size + 8 MB "
            "| gumbo alone |")
        say("| --- | ---: | --- | ---: | ---: | ---: | --- | ---: |")
        largest = sorted(pages, key=os.path.getsize)[-3:][::-1]
        for path, fmts in [(p, ["json"]) for p in largest] + [
                (art5, ["json"]), (big, ["json", "text"])]:
            size = os.path.getsize(path)
            # The same process reading, decoding and parsing with gumbo
            # only: what the parser's tree alone costs.
            _, _, gkb, _ = run_timed([a.harness, "-G", path], env=env)
            for fmt in fmts:
                t, st, kb, _ = run_timed([pith, "-d", "-f", fmt, "-w", "80", path], env=env)
                rss = kb * 1024
                say("| %s | %.1f MB | %s | %.2f | %.1f MB | %.1fx | %s | %.1f MB, %.1fx |" % (
                    os.path.basename(path), size / MB, fmt, t, rss / MB, rss / size,
                    "yes" if rss <= 12 * size + 8 * MB else "**no**",
                    gkb / 1024, gkb * 1024 / size) +
                    ("" if st == 0 else " (exit %d)" % st))
        say()
        say("\"gumbo alone\" is bench_parse -G: the page read, decoded and parsed by "
            "gumbo in a process that links what pith links, nothing more; where a page "
            "misses the bound, compare pith's peak with it.")
        say()
        hb = figures([a.harness, "-r", "1", big])
        say("The 50 MB page through bench_parse: total %.2f s against gumbo's parse "
            "%.2f s, **%.2fx** (parse %.2fx, extract %.2f s, output %.2f s).  Its "
            "tokens are never built: `auto` needs only the blocks' word counts." % (
                hb["total"], hb["gumbo_noerrors"], hb["total"] / hb["gumbo_noerrors"],
                hb["parse"] / hb["gumbo_noerrors"], hb["extract"], hb["output"]))
        say()

        # 5. The reader.
        say("## The reader")
        say()
        r5 = figures([a.reader, "-r", "3", art5])
        r3 = figures([a.reader, "-r", "5", art300])
        first_screen = r5["read"] + r5["charset"] + r5["parse"] + r5["extract"] + \
            r5["first_screen"]
        say("| page | size | article text | lines at 80 | parse | extract | layout | "
            "relayout at 60 | and back at 80 |")
        say("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, p, r in (("generated 5 MB page", art5, r5), ("generated 300 KB article",
                                                                art300, r3)):
            say("| %s | %.1f MB | %.0f KB | %d | %.1f ms | %.1f ms | %.1f ms | %.1f ms | "
                "%.1f ms |" % (name, os.path.getsize(p) / MB, r["text"] / 1000,
                               int(r["lines"]), 1000 * r["parse"], 1000 * r["extract"],
                               1000 * r["layout_full"], 1000 * r["relayout_narrow"],
                               1000 * r["relayout_back"]))
        say()
        resize = max(r3["relayout_narrow"], r3["relayout_back"])
        # The largest corpus page: the reader's first screen against what
        # pith -d does with it (the same stages, then the text written).
        lp = sorted(pages, key=os.path.getsize)[-1]
        rl = figures([a.reader, "-r", "5", lp])
        head = rl["read"] + rl["charset"] + rl["parse"] + rl["extract"]
        rr = (head + rl["first_screen"]) / (head + rl["dump"])
        say("The largest corpus page (%s, %.1f MB): the reader's first screen (read, "
            "charset, parse, extract, layout) takes %.1f ms, `pith -d` the same stages "
            "and its text written %.1f ms: **%.2fx** (target <= 1.15x: %s)." % (
                os.path.basename(lp), os.path.getsize(lp) / MB,
                1000 * (head + rl["first_screen"]), 1000 * (head + rl["dump"]), rr,
                "met" if rr <= 1.15 else "NOT met"))
        say()
        say("First screen of the 5 MB page (read, charset, parse, extract and its "
            "layout, which is the whole article's) / its parse: **%.2fx** (target <= "
            "1.5x: %s).  Re-wrapping the 300 KB article on a resize: **%.1f ms** "
            "(target < 20 ms: %s).  Fastest of 3 and 5 rounds." % (
                first_screen / r5["parse"],
                "met" if first_screen <= 1.5 * r5["parse"] else "NOT met",
                1000 * resize, "met" if resize < 0.020 else "NOT met"))
        say()
        layout_series(say, a.reader, tmp)
        say()

        # 6. Peers.
        say("## Peers")
        say()
        if a.no_peers:
            say("Not measured (--no-peers).")
        else:
            peers(say, tmp, pages, mb, t1 / 2)
        say()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if a.out:
        with open(a.out, "w") as f:
            f.write("\n".join(lines) + "\n")


def peers(say, tmp, pages, mb, pith_secs):
    """Each installed peer over the pages in one process, against one
    pith batch -j 1 (pith_secs for the same pages)."""
    listing = ("\n".join(pages) + "\n").encode()
    rows, missing = [], []
    py = python_with("readability")
    if py is not None:
        script = os.path.join(tmp, "rl.py")
        with open(script, "w") as f:
            f.write(READABILITY_LXML)
        t, st, _, _ = run_timed_limit([py, script], listing)
        rows.append(("readability-lxml (%s)" % py, t, st))
    else:
        missing.append("readability-lxml (no Python here imports `readability`; Debian "
                       "packages it as python3-readability)")
    d, why = node_readability(tmp)
    if d is not None:
        t, st, _, _ = run_timed_limit(["node", os.path.join(d, "bench.js")], listing, cwd=d)
        rows.append(("Readability.js (%s)" % why, t, st))
    else:
        missing.append("Readability.js under Node (%s)" % why)
    py = python_with("trafilatura")
    if py is not None:
        script = os.path.join(tmp, "tf.py")
        with open(script, "w") as f:
            f.write("import sys, trafilatura\nfor p in sys.stdin.read().split():\n"
                    "    trafilatura.extract(open(p, 'rb').read())\n")
        t, st, _, _ = run_timed_limit([py, script], listing)
        rows.append(("trafilatura", t, st))
    else:
        missing.append("trafilatura (not on this machine's package index, and PyPI is "
                       "not reachable from it)")
    if shutil.which("rdrview"):
        t0 = time.monotonic()
        for p in pages:
            subprocess.run(["rdrview", "-H", p], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
        rows.append(("rdrview (a process per page)", time.monotonic() - t0, 0))
    else:
        missing.append("rdrview (no Debian package for this release, and no other "
                       "source reachable)")
    say("Each in one process over the same %d pages (%.1f MB), against one `pith batch "
        "-j 1` over them (%.2f s, %.1f MB/s):" % (len(pages), mb, pith_secs,
                                                  mb / pith_secs))
    say()
    if rows:
        say("| peer | seconds | MB/s | pith is faster by |")
        say("| --- | ---: | ---: | ---: |")
        for name, t, st in rows:
            say("| %s | %.2f | %.2f | **%.1fx** |%s" % (
                name, t, mb / t, t / pith_secs,
                "" if st == 0 else " (exit %d)" % st))
        say()
    for m in missing:
        say("- Not measured: %s." % m)


def run_timed_limit(cmd, stdin_data, cwd=None):
    """run_timed with the peers' time limit; a run cut short counts as
    the limit with exit status -1."""
    with tempfile.TemporaryFile() as f:
        f.write(stdin_data)
        f.seek(0)
        t0 = time.monotonic()
        try:
            r = subprocess.run(cmd, stdin=f, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, cwd=cwd, timeout=PEER_TIMEOUT)
            return time.monotonic() - t0, r.returncode, 0, []
        except subprocess.TimeoutExpired:
            return PEER_TIMEOUT, -1, 0, []


if __name__ == "__main__":
    main()
