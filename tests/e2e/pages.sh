# tests/e2e/pages.sh - the fixture pages: every tests/pages/NAME.html has a
# NAME.expect of lines "+ text" (must be in the article) and "- text"
# (must not be), checked on the JSON text with white space collapsed.
# "@ ALGO ..." names the algorithms a page is checked with (default: the
# default algorithm); "! no article" says the page has none: pith must
# exit 1 and say why.
#
# One python3 runs the pages, a run per CPU at a time, and checks them: a
# python3 and a grep for each page and line cost the sanitized suite more
# than pith did.
. tests/lib.sh

algo=$("$PITH" --list-algorithms | awk 'NR == 1 { print $1 }')
python3 - "$PITH" "$algo" tests/pages <<'EOF'
import concurrent.futures as cf, glob, json, os, subprocess, sys

pith, default, folder = sys.argv[1:4]


def run(page, algo):
    try:
        p = subprocess.run([pith, "-d", "-f", "json", "-a", algo, page],
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=20)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, b"", "timed out after 20 s"


cases = []
for exp in sorted(glob.glob(folder + "/*.expect")):
    with open(exp, encoding="utf-8") as f:
        lines = f.read().splitlines()
    algos = " ".join(l[1:] for l in lines if l.startswith("@")).split() or [default]
    cases += [(exp[:-len(".expect")], lines, a) for a in algos]
with cf.ThreadPoolExecutor(os.cpu_count() or 1) as ex:
    runs = list(ex.map(lambda c: run(c[0] + ".html", c[2]), cases))

n = 0


def tap(good, what, note=""):
    global n
    n += 1
    print("%s %d - %s" % ("ok" if good else "not ok", n, what))
    if not good and note:
        print("#   " + note[:400].replace("\n", " "))


for (base, lines, a), (status, out, err) in zip(cases, runs):
    name = "%s/%s" % (os.path.basename(base), a)
    if any(l.startswith("! no article") for l in lines):
        tap(status == 1, name + ": no article, exit 1", "exit status %d" % status)
        tap("no article found" in err, name + ": says there is no article", "stderr: " + err)
        continue
    tap(status == 0, name + ": article found", "exit status %d, stderr: %s" % (status, err))
    try:
        text = " ".join(json.loads(out)["text"].split())
    except (ValueError, KeyError, TypeError) as e:
        tap(False, name + ": valid JSON", str(e))
        text = ""
    for line in lines:
        want = line[2:]
        if line.startswith("+ "):
            tap(want in text, "%s: has '%s'" % (name, want), "text: " + text)
        elif line.startswith("- "):
            tap(want not in text, "%s: lacks '%s'" % (name, want))
EOF
