# tests/e2e/eval.sh - pith eval: page layouts, metrics worked out by hand on
# a tiny corpus, usage errors, and agreement with ../shared/bench/score.py
# (skipped where the script or the shared corpus is absent).
. tests/lib.sh

C=$T/corpus
mkdir -p "$C/three"
page() { printf '<html><body><p>%s</p></body></html>\n' "$1"; }
page "alpha beta gamma delta" >"$C/one.html"
page "one two three" | gzip -c >"$C/two.html.gz"
page "blue yellow" >"$C/three/source.html"
cat >"$C/truth.json" <<'EOF'
{"one": {"articleBody": "alpha beta gamma delta epsilon", "url": "https://example.org/one"},
 "two": {"articleBody": "one two three"},
 "three": "red green",
 "gone": {"articleBody": "missing page text here"}}
EOF

# By hand (ids sorted: gone, one, three, two), mss keeping each paragraph:
#   shingle P: one 1, three 0, two 1 (gone has none): 0.667;
#           R: gone 0, one 1/2, three 0, two 1: 0.375; F1 0.480; exact: two.
#   lcs: 4 + 0 + 3 of 9 predicted, 14 true words: P 0.778, R 0.500, F1 0.609.
run eval -a mss "$C"
expect_status "eval exits 0" 0
expect_out "eval prints the columns" "algorithm  docs  failed     F1      P      R    Acc  lcsF1   lcsP   lcsR"
expect_out "eval's figures are the hand-made ones" "mss           4       1  0.480  0.667  0.375  0.250  0.609  0.778  0.500"
expect_err "eval says which ids have no page" "1 of 4 truth ids without a page"

run eval --truth "$C/truth.json" --metric lcs --per-doc -a mss -a bte "$C"
expect_status "eval --metric lcs --per-doc exits 0" 0
expect_no_out "--metric lcs leaves the shingle columns out" "Acc"
expect_out "one row per algorithm" "bte "
expect_out "--per-doc titles each algorithm's rows" "# mss per document"
if grep -q "$(printf '^one\t4\t4\t5\t1.000\t0.800\t$')" "$T/out"; then ok "--per-doc row of a page"
else not_ok "--per-doc row of a page" "$(cat "$T/out")"; fi
if grep -q "$(printf '^gone\t0\t0\t4\t-\t0.000\tno page file$')" "$T/out"; then
	ok "--per-doc row of a missing page"
else not_ok "--per-doc row of a missing page" "$(cat "$T/out")"; fi

run eval --metric shingle -a all "$C"
expect_status "eval -a all exits 0" 0
expect_out "-a all runs every algorithm" "eatiht"
expect_no_out "-a all leaves template out" "template"

run eval -a nope "$C"
expect_status "unknown algorithm: exit 2" 2
expect_err "unknown algorithm is named" "pith: eval: unknown algorithm 'nope'"
run eval --metric words "$C"
expect_status "unknown metric: exit 2" 2
run eval
expect_status "no folder: exit 2" 2
expect_err "no folder: says so" "no corpus folder given"
printf '{"a": \n' >"$T/bad.json"
run eval --truth "$T/bad.json" "$C"
expect_status "bad truth file: exit 3" 3
expect_err "bad truth file: file and line" "pith: $T/bad.json:"
run eval --truth "$T/none.json" "$C"
expect_status "missing truth file: exit 3" 3

# A gzip page cut short is a page that cannot be read, as in pith batch:
# it is scored as a failure, not on the part that is there.
C2=$T/cut
mkdir -p "$C2"
page "one two three four five six seven eight nine ten" | gzip -c | head -c 30 >"$C2/cut.html.gz"
printf '{"cut": "one two three four"}\n' >"$C2/truth.json"
run eval -a mss --per-doc "$C2"
expect_status "a cut gzip page: exit 0" 0
expect_err "a cut gzip page: said" "cut.html.gz: cannot read the page (bad gzip data?)"
if grep -q "$(printf '^cut\t.*\tcannot read the page (bad gzip data?)$')" "$T/out"; then
	ok "a cut gzip page: scored as a failure"
else not_ok "a cut gzip page: scored as a failure" "$(cat "$T/out")"; fi

# Readability's layout: no truth.json, each NAME/expected.txt is the truth.
mkdir -p "$T/rd/a" "$T/rd/b"
page "alpha beta gamma delta" >"$T/rd/a/source.html"
printf 'alpha beta gamma delta\n' >"$T/rd/a/expected.txt"
page "one two three" >"$T/rd/b/source.html"
printf 'one two four\n' >"$T/rd/b/expected.txt"
run eval --metric lcs -a mss "$T/rd"
expect_status "eval of NAME/expected.txt exits 0" 0
# lcs: 4 + 2 of 7 predicted and 7 true words.
expect_out "eval reads NAME/expected.txt as the truth" "mss           2       0  0.857  0.857  0.857"
rm -rf "$T/rd/a/expected.txt" "$T/rd/b/expected.txt"
run eval "$T/rd"
expect_status "no truth at all: exit 3" 3
expect_err "no truth at all: says so" "no truth.json and no NAME/expected.txt"

# Agreement with score.py: pith -d's text of every page, scored by the
# script, against pith eval's figures.
score=$here/../../../shared/bench/score.py
compare() {  # compare NAME CORPUS ALGO
	name=$1 corpus=$2 algo=$3
	mkdir -p "$T/pred-$name"
	python3 - "$corpus" "$T/pred-$name" "$PITH" "$algo" <<'EOF' || return 1
import gzip, json, os, subprocess, sys
corpus, out, pith, algo = sys.argv[1:]
truth = json.load(open(os.path.join(corpus, 'truth.json'), encoding='utf-8'))
for i, v in truth.items():
    url = v.get('url') if isinstance(v, dict) else None
    for form, gz in (('%s.html.gz', True), ('%s.html', False), ('%s/source.html', False)):
        p = os.path.join(corpus, form % i)
        if os.path.isfile(p):
            break
    else:
        continue
    data = gzip.open(p).read() if gz else open(p, 'rb').read()
    cmd = [pith, '-d', '-f', 'json', '-a', algo]
    if isinstance(url, str) and url.startswith(('http://', 'https://')):
        cmd += ['-u', url]
    r = subprocess.run(cmd + ['-'], input=data, capture_output=True)
    text = json.loads(r.stdout)['text'] if r.returncode == 0 else ''
    open(os.path.join(out, i + '.txt'), 'w', encoding='utf-8').write(text)
EOF
	python3 "$score" --truth "$corpus/truth.json" --pred "$T/pred-$name" --metric both \
	    --json --bootstrap 0 >"$T/score-$name.json" 2>/dev/null || return 1
	"$PITH" eval -a "$algo" "$corpus" >"$T/eval-$name.txt" 2>/dev/null || return 1
	python3 - "$T/score-$name.json" "$T/eval-$name.txt" <<'EOF'
import json, sys
s = next(iter(json.load(open(sys.argv[1]))['systems'].values()))
row = open(sys.argv[2]).read().splitlines()[1].split()
want = ['%.3f' % x for x in (s['shingle']['f1'], s['shingle']['precision'], s['shingle']['recall'],
        s['shingle']['accuracy'], s['lcs']['f1'], s['lcs']['precision'], s['lcs']['recall'])]
if row[3:] != want:
    print('#   eval: %s\n#   score.py: %s' % (' '.join(row[3:]), ' '.join(want)))
    sys.exit(1)
EOF
}
if [ -f "$score" ]; then
	if compare tiny "$C" mss; then ok "eval agrees with score.py on the tiny corpus"
	else not_ok "eval agrees with score.py on the tiny corpus"; fi
	sh=$here/../../../shared/corpus/scrapinghub-dev
	if [ -f "$sh/truth.json" ]; then
		# Eight real pages: Unicode text, long articles.
		mkdir -p "$T/sh"
		python3 - "$sh" "$T/sh" <<'EOF'
import json, os, sys
src, dst = sys.argv[1:]
t = json.load(open(os.path.join(src, 'truth.json'), encoding='utf-8'))
ids = sorted(t)[:8]
json.dump({i: t[i] for i in ids}, open(os.path.join(dst, 'truth.json'), 'w'))
for i in ids:
    os.symlink(os.path.join(src, i + '.html.gz'), os.path.join(dst, i + '.html.gz'))
EOF
		if compare sh "$T/sh" bte; then ok "eval agrees with score.py on ScrapingHub pages"
		else not_ok "eval agrees with score.py on ScrapingHub pages"; fi
	else
		ok "# SKIP no shared ScrapingHub corpus"
	fi
else
	ok "# SKIP no ../shared/bench/score.py"
	ok "# SKIP no ../shared/bench/score.py"
fi
