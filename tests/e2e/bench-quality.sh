# tests/e2e/bench-quality.sh - tools/bench-quality.py on tiny hand-written
# corpora in $T: one in the ScrapingHub layout (ID.html.gz + truth.json),
# one in the readability-pages layout (NAME/source.html + expected.txt),
# a peers file, and a wrapper around pith that crashes or hangs on some
# pages.  Scoring needs ../shared/bench/score.py; without it only the
# checks that need no scorer run and the rest is one SKIP line.
. tests/lib.sh

bq=tools/bench-quality.py
score=../shared/bench/score.py

# show FILE [N]: FILE's first N bytes (300) on one line, for diagnostics.
show() {
	head -c "${2:-300}" "$1" 2>/dev/null |
	    awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
}

# bench ARGS...: run the script; sets $status, $T/out and $T/err.
bench() {
	TMPDIR=$T/tmp timeout 300 python3 "$bq" --pith "$PITH" "$@" >"$T/out" 2>"$T/err" </dev/null
	status=$?
}

# md_row CORPUS NAME: the cells of NAME's row in CORPUS's table of the
# Markdown report, one per line (system, docs, F1, P, R, LCS F1, failures, wall).
md_row() {
	awk -v c="$1" -v r="$2" '
	/^## / { sec = substr($0, 4); next }
	sec == c && index($0, "| " r " |") == 1 {
		n = split($0, f, "|")
		for (i = 2; i < n; i++) { gsub(/^ +| +$/, "", f[i]); print f[i] }
		exit
	}' "$T/eval.md"
}

# cell CORPUS NAME K: the Kth cell of that row (1 = system).
cell() { md_row "$1" "$2" | sed -n "$3p"; }

# doc_f1 ID ALGO: that page's shingle F1 in the --per-doc listing.
doc_f1() {
	awk -F '\t' -v id="$1" -v a="$2" '
	/^id\t/ { col = 0; for (i = 2; i <= NF; i++) if ($i == a) col = i; next }
	col && $1 == id { split($col, v, " "); print v[1]; exit }' "$T/out"
}

# expect_cell DESC CORPUS NAME K VALUE
expect_cell() {
	got=$(cell "$2" "$3" "$4")
	if [ "$got" = "$5" ]; then ok "$1"
	else not_ok "$1" "got '$got', expected '$5'" "row: $(md_row "$2" "$3" | tr '\n' '|')"; fi
}

mkdir "$T/tmp"

# ------------------------------------------------------------- no scorer

bench --score "$T/no-such-score.py" --corpus "$T"
if [ "$status" -eq 2 ] && grep -q 'no scorer at .*no-such-score.py' "$T/err" && [ ! -s "$T/out" ]
then ok "no score.py: exit 2 with a clear message"
else not_ok "no score.py: exit 2 with a clear message" "exit $status" "stderr: $(show "$T/err")"; fi

# Without --corpus and without ../shared beside the repository.
mkdir -p "$T/repo/tools"
cp "$bq" "$T/repo/tools/"
TMPDIR=$T/tmp timeout 60 python3 "$T/repo/tools/bench-quality.py" --pith "$PITH" >"$T/out" 2>"$T/err" </dev/null
status=$?
if [ "$status" -eq 2 ] && grep -q 'no corpus given and no shared corpora' "$T/err"
then ok "no ../shared and no --corpus: exit 2 with a clear message"
else not_ok "no ../shared and no --corpus: exit 2 with a clear message" "exit $status" "stderr: $(show "$T/err")"; fi

if [ ! -f "$score" ]; then
	echo "ok $((n + 1)) - # SKIP no score.py"
	exit 0
fi
score=$(cd "$(dirname "$score")" && pwd)/score.py

# ------------------------------------------------------------- corpora

ONE='The only paragraph of the first page is a plain run of ordinary words, long enough to be an article on its own and nothing else at all.'
TWO1='The second page opens its article with a paragraph of many ordinary words that a reader came to read, well past the navigation.'
TWO2='Its second paragraph goes on in the same way with another long sentence of plain words that belong to the article body.'
GONE='Text that no algorithm can find, because the page holds only tags.'

mkdir "$T/sh" "$T/rd"
printf '<html><head><title>One</title></head><body><p>%s</p></body></html>\n' "$ONE" | gzip >"$T/sh/one.html.gz"
printf '<html><head><title>Two</title></head><body>
<nav><a href="/">Home</a> <a href="/a">About</a> <a href="/c">Contact</a></nav>
<article><p>%s</p><p>%s</p></article>
<footer><a href="/legal">Legal notice</a></footer></body></html>\n' "$TWO1" "$TWO2" | gzip >"$T/sh/two.html.gz"
printf '<html><body><div><span></span><br><img src="x.png"></div></body></html>\n' | gzip >"$T/sh/empty.html.gz"
python3 - "$T/sh/truth.json" "$ONE" "$TWO1

$TWO2" "$GONE" <<'EOF'
import json, sys
path, one, two, gone = sys.argv[1:]
json.dump({"one": {"articleBody": one, "url": "http://example.com/one"},
           "two": {"articleBody": two, "url": "http://example.com/two"},
           "empty": {"articleBody": gone, "url": "http://example.com/empty"}},
          open(path, "w"))
EOF

# Readability layout: three one-paragraph pages, and a top truth.json
# without urls (so the truth comes from expected.txt).
for name in alpha beta gamma; do
	mkdir "$T/rd/$name"
	para="This is the $name page, whose single paragraph is the whole article: a long run of ordinary words with nothing around it at all."
	printf '<!doctype html><html><head><title>%s</title></head><body><p>%s</p></body></html>\n' "$name" "$para" >"$T/rd/$name/source.html"
	printf '%s\n' "$para" >"$T/rd/$name/expected.txt"
	printf '{"title": "%s"}\n' "$name" >"$T/rd/$name/expected-metadata.json"
done
printf '{"alpha": {"articleBody": "wrong"}, "beta": {"articleBody": "wrong"}, "gamma": {"articleBody": "wrong"}}\n' >"$T/rd/truth.json"

# A peer that finds every article exactly (so it ranks above pith), and
# one that finds none.
python3 - "$T/peers.json" "$T/sh/truth.json" <<'EOF'
import json, sys
truth = json.load(open(sys.argv[2]))
json.dump({"goodpeer": {"version": "9", "output": truth},
           "badpeer": {"version": "", "output": {k: {"articleBody": ""} for k in truth}}},
          open(sys.argv[1], "w"))
EOF

# ------------------------------------------------------------- the run

bench --score "$score" --corpus "$T/sh" --corpus "$T/rd" --peers "$T/peers.json" \
    --jobs 2 --per-doc --out "$T/eval.md"
if [ "$status" -eq 0 ] && [ -s "$T/out" ] && [ -s "$T/eval.md" ]; then ok "run: exit 0, a table and a report"
else not_ok "run: exit 0, a table and a report" "exit $status" "stderr: $(show "$T/err" 600)"; fi

# Every algorithm but template, which has nothing to run without one.
algos=$("$PITH" --list-algorithms | awk '$1 != "template" { print $1 }')
missing=
for a in $algos; do
	for c in sh rd; do
		[ -n "$(md_row "$c" "**pith $a**")" ] || missing="$missing $c/$a"
	done
	[ "$(grep -cE "^(\* )?pith $a " "$T/out")" -eq 2 ] || missing="$missing stdout/$a"
done
if [ -n "$algos" ] && [ -z "$missing" ]; then ok "every algorithm has a row in both tables ($(echo $algos))"
else not_ok "every algorithm has a row in both tables" "missing:$missing" "$(show "$T/out" 600)"; fi

expect_cell "sh: 3 docs" sh "**pith mss**" 2 3
got=$(doc_f1 one mss)
if [ "$got" = "1.000" ]; then ok "a page whose truth is its only paragraph: mss F1 1.000"
else not_ok "a page whose truth is its only paragraph: mss F1 1.000" "got '$got'" "$(show "$T/out" 600)"; fi
expect_cell "rd: three one-paragraph pages, truth from expected.txt: mss F1 1.000" rd "**pith mss**" 3 1.000
expect_cell "rd: mss LCS F1 1.000" rd "**pith mss**" 6 1.000
expect_cell "sh: the page pith finds nothing in is a failure (mss)" sh "**pith mss**" 7 1
expect_cell "rd: no failures (mss)" rd "**pith mss**" 7 0
if grep -q '^failures: mss: empty (exit 1: no article found' "$T/out"
then ok "the failed page is named with pith's message"
else not_ok "the failed page is named with pith's message" "$(grep failures "$T/out" | show /dev/stdin)"; fi
got=$(doc_f1 empty mss)
if [ "$got" = "0.000" ]; then ok "the failed page scores 0"
else not_ok "the failed page scores 0" "got '$got'"; fi

# The peer's row is in the ScrapingHub-layout table only, sorted by F1.
expect_cell "peers: a peer's row, scored on the same pages" sh "goodpeer 9" 3 1.000
expect_cell "peers: every peer has a row" sh badpeer 3 0.000
if [ -z "$(md_row rd "goodpeer 9")" ]; then ok "peers: not in a corpus whose ids it lacks"
else not_ok "peers: not in a corpus whose ids it lacks"; fi
if awk '/^## sh/ { s = 1; next } /^## / { s = 0 } s && /^\| [^-s]/ { split($0, f, "|"); print f[4] }' "$T/eval.md" |
    sort -c -r -n 2>/dev/null; then ok "peers: rows sorted by F1"
else not_ok "peers: rows sorted by F1" "$(show "$T/eval.md" 800)"; fi
if grep -q '^\* pith mss ' "$T/out" && grep -q '^  goodpeer 9 ' "$T/out"; then ok "peers: pith's rows marked in the printed table"
else not_ok "peers: pith's rows marked in the printed table" "$(show "$T/out" 400)"; fi

# The report's header.
ver=$("$PITH" --version | head -n 1)
if [ "$(head -n 1 "$T/eval.md")" = "# Extraction quality" ] && grep -qF "\`$ver\`" "$T/eval.md" &&
    grep -q "^python3 tools/bench-quality.py .*--out $T/eval.md" "$T/eval.md" &&
    grep -qE 'on [0-9]{4}-[0-9]{2}-[0-9]{2} \(UTC\)' "$T/eval.md" && grep -q 'make bench-quality' "$T/eval.md"
then ok "report header: command, date, pith version, how to regenerate"
else not_ok "report header: command, date, pith version, how to regenerate" "$(show "$T/eval.md" 800)"; fi
left=$(ls -A "$T/tmp")
if [ -z "$left" ]; then ok "temporary files removed"
else not_ok "temporary files removed" "left: $left"; fi

# The macro mean over the corpora named article corpora, with each half.
bench --score "$score" --corpus "$T/sh" --corpus "$T/rd" --article sh --article rd \
    --no-peers --no-hybrid -a mss --jobs 2 --out "$T/macro.md"
mrow=$(awk '/^## macro mean over the article corpora/ { s = 1; next } /^## / { s = 0 }
    s && /^\| \*\*pith mss\*\*/ { print }' "$T/macro.md")
if [ "$status" -eq 0 ] && [ -n "$mrow" ] && python3 - "$mrow" "$(cell sh "**pith mss**" 3)" "$(cell rd "**pith mss**" 3)" <<'EOF2'
import sys
f = [c.strip() for c in sys.argv[1].split('|')[1:-1]]
sh, rd = float(sys.argv[2]), float(sys.argv[3])
# system, sh, rd, macro F1, P, R, even half, odd half
assert f[1] == sys.argv[2][:5] or abs(float(f[1]) - sh) < 6e-4, f
assert abs(float(f[3]) - (float(f[1]) + float(f[2])) / 2) < 1e-4, f
# The odd half of sh is the one page mss gets exactly; rd's pages all are.
assert f[7] == '1.0000', f
assert 0 <= float(f[6]) < 1, f
EOF2
then ok "macro: the mean of the article corpora's F1, and each half's"
else not_ok "macro: the mean of the article corpora's F1, and each half's" "exit $status" "row: $mrow"; fi
if grep -q '^macro mean over the article corpora' "$T/out"; then ok "macro: printed too"
else not_ok "macro: printed too" "$(show "$T/out" 600)"; fi
bench --score "$score" --corpus "$T/sh" --no-peers --no-hybrid -a mss --jobs 2 --out "$T/macro.md"
if [ "$status" -eq 0 ] && ! grep -q '^## macro' "$T/macro.md"; then ok "macro: none without an article corpus"
else not_ok "macro: none without an article corpus" "exit $status"; fi

# -a picks algorithms; an unknown one is a usage error.
bench --score "$score" --corpus "$T/rd" --no-peers -a mss --jobs 1
if [ "$status" -eq 0 ] && grep -q '^pith mss ' "$T/out" && [ "$(grep -c '^pith ' "$T/out")" -eq 1 ]
then ok "-a mss: one row"
else not_ok "-a mss: one row" "exit $status" "$(show "$T/out")"; fi
bench --score "$score" --corpus "$T/rd" -a no-such-algo
if [ "$status" -eq 2 ] && grep -q "unknown algorithm no-such-algo" "$T/err"; then ok "-a unknown: exit 2"
else not_ok "-a unknown: exit 2" "exit $status" "stderr: $(show "$T/err")"; fi
bench --score "$score" --corpus "$T/no-such-corpus"
if [ "$status" -eq 2 ] && grep -q "no-such-corpus: not a corpus folder" "$T/err"; then ok "a missing corpus: exit 2"
else not_ok "a missing corpus: exit 2" "exit $status" "stderr: $(show "$T/err")"; fi

# ------------------------------------------------------------- crashes

# A pith that dies on one page and hangs on another: both recorded as
# failures, the run goes on and the good page still scores.
mkdir "$T/cr"
cp "$T/sh/one.html.gz" "$T/cr/one.html.gz"
printf '<html><body><p>CRASH %s</p></body></html>\n' "$ONE" | gzip >"$T/cr/crash.html.gz"
printf '<html><body><p>SLOW %s</p></body></html>\n' "$ONE" | gzip >"$T/cr/slow.html.gz"
printf '{"one": {"articleBody": "%s"}, "crash": {"articleBody": "%s"}, "slow": {"articleBody": "%s"}}\n' \
    "$ONE" "$ONE" "$ONE" >"$T/cr/truth.json"
cat >"$T/fake-pith" <<EOF
#!/bin/sh
for last; do :; done
[ "\$last" = - ] || exec "$PITH" "\$@"
f=\$(mktemp "$T/page.XXXXXX") || exit 3
cat >"\$f"
if grep -q CRASH "\$f"; then rm -f "\$f"; kill -SEGV \$\$; fi
if grep -q SLOW "\$f"; then rm -f "\$f"; exec sleep 30; fi
"$PITH" "\$@" <"\$f"
s=\$?
rm -f "\$f"
exit \$s
EOF
chmod +x "$T/fake-pith"
TMPDIR=$T/tmp timeout 120 python3 "$bq" --pith "$T/fake-pith" --score "$score" --corpus "$T/cr" \
    --no-peers -a mss --timeout 2 --per-doc --out "$T/eval.md" >"$T/out" 2>"$T/err" </dev/null
status=$?
if [ "$status" -eq 0 ]; then ok "crash and hang: the run completes"
else not_ok "crash and hang: the run completes" "exit $status" "stderr: $(show "$T/err")"; fi
expect_cell "crash and hang: two failures" cr "**pith mss**" 7 2
if grep -q 'crash (killed by SIGSEGV' "$T/out" && grep -q 'slow (timed out after 2 s)' "$T/out"
then ok "crash and hang: each named with its cause"
else not_ok "crash and hang: each named with its cause" "$(grep failures "$T/out" | show /dev/stdin)"; fi
got=$(doc_f1 one mss)
if [ "$got" = "1.000" ]; then ok "crash and hang: the good page still scores 1.000"
else not_ok "crash and hang: the good page still scores 1.000" "got '$got'"; fi
left=$(ls -A "$T/tmp")
if [ -z "$left" ]; then ok "crash and hang: temporary files removed"
else not_ok "crash and hang: temporary files removed" "left: $left"; fi

# The hybrid's section: pith train over the corpora, both penalties.
mkdir -p "$T/hy"
for i in 0 1 2 3 4 5 6 7 8 9; do
	mkdir -p "$T/hy/p$i"
	printf '<html><body><nav><a href="/a">Home</a> <a href="/b">News</a></nav><article><p>Page %s says the river rose over the old bridge in the night and the town woke to water in its streets.</p></article></body></html>\n' "$i" >"$T/hy/p$i/source.html"
	printf 'Page %s says the river rose over the old bridge in the night and the town woke to water in its streets.\n' "$i" >"$T/hy/p$i/expected.txt"
done
bench --score "$score" --corpus "$T/hy" --no-peers -a mss --jobs 1 --out "$T/hy.md"
if [ "$status" -eq 0 ] && grep -q '^## hybrid' "$T/hy.md" &&
    [ "$(grep -c '^  hybrid A (10-cv) ' "$T/hy.md")" -eq 2 ] &&
    grep -q '^`pith train --lambda 2`' "$T/hy.md" && grep -q '^Verdict: with lambda 0.05, hybrid A ' "$T/hy.md"
then ok "the report has the hybrid's cross-validation and verdict"
else not_ok "the report has the hybrid's cross-validation and verdict" "exit $status" "$(show "$T/hy.md" 600)"; fi
bench --score "$score" --corpus "$T/hy" --no-peers -a mss --jobs 1 --no-hybrid --out "$T/hy.md"
if [ "$status" -eq 0 ] && ! grep -q '^## hybrid' "$T/hy.md"; then ok "--no-hybrid leaves it out"
else not_ok "--no-hybrid leaves it out" "exit $status"; fi

# --audit: the truth a rule dropped is charged to that rule.  One page:
# the story, a credit line the truth keeps (readability drops captions),
# a menu the truth does not.
mkdir -p "$T/au/cap"
STORY='The council met on Tuesday evening and agreed, after a long debate, that the ferry would run through the winter for the first time in forty years, at a cost the harbour fund will carry.'
STORY2='Fishermen who had asked for the change for a decade said the vote came late, but that it would keep the island school open, and the shop, and the post office that serves both.'
CREDIT='Photograph of the harbour at dawn by Ann Teller for the island newsletter'
printf '<html><head><title>Ferry</title></head><body><ul class="menu"><li><a href="/a">Home page of the island</a></li><li><a href="/b">Contact the island office</a></li></ul>
<article><p>%s</p><div class="wp-caption"><p class="wp-caption-text">%s</p></div><p>%s</p></article></body></html>\n' \
    "$STORY" "$CREDIT" "$STORY2" >"$T/au/cap/source.html"
printf '%s\n\n%s\n\n%s\n' "$STORY" "$CREDIT" "$STORY2" >"$T/au/cap/expected.txt"
bench --score "$score" --corpus "$T/au" --no-peers -a readability --jobs 1 --no-hybrid \
    --audit readability --out "$T/au.md"
# audit_row RULE: that rule's cells (recall lost, pages, truth, other).
audit_row() {
	awk -v r="| \`$1\` |" 'index($0, r) == 1 { n = split($0, f, "|")
		for (i = 3; i < n; i++) { gsub(/^ +| +$/, "", f[i]); printf "%s ", f[i] }; exit }' "$T/au.md"
}
cap=$(audit_row "dropped: caption")
out=$(audit_row "dropped: outside")
if [ "$status" -eq 0 ] && grep -q '^### au: recall lost by rule' "$T/au.md"; then
	ok "--audit: a section per corpus"
else
	not_ok "--audit: a section per corpus" "exit $status" "$(show "$T/au.md" 600)"
fi
# The credit's 13 words are 10 of the truth's 79 shingles: 0.1266.
if [ "$cap" = "0.1266 1 10 0 " ]; then ok "--audit: the caption rule cost the credit line's share of the truth"
else not_ok "--audit: the caption rule cost the credit line's share of the truth" "got '$cap'" "$(show "$T/au.md" 900)"; fi
case $out in
0.0000\ 0\ 0\ [1-9]*) ok "--audit: the menu, dropped as outside, cost nothing and kept words out" ;;
*) not_ok "--audit: the menu, dropped as outside, cost nothing and kept words out" "got '$out'" ;;
esac
bench --score "$score" --corpus "$T/au" --no-peers -a readability --no-hybrid --audit nosuch
if [ "$status" -eq 2 ] && grep -q 'unknown algorithm nosuch to audit' "$T/err"; then
	ok "--audit: an unknown algorithm is a set-up error"
else
	not_ok "--audit: an unknown algorithm is a set-up error" "exit $status" "$(show "$T/err")"
fi
