# tests/e2e/explain.sh - pith --explain: the debug overlay's rows as text.
. tests/lib.sh

D=$here/data/reader

run --explain -a mss "$D/algos.html"
expect_status "--explain exits 0 when an article is found" 0
expect_out "--explain summarises the span" "mss: kept tokens"
expect_out "--explain has column titles" "block kind    score running    text"
if grep -Eq '^ +[0-9]+ \+p +[+-][0-9]+\.[0-9] .*The essay itself' "$T/out"; then
	ok "--explain shows a kept block with its score"
else
	not_ok "--explain shows a kept block with its score" "$(head -c 600 "$T/out")"
fi
if grep -Eq '^ +[0-9]+ -p +[+-][0-9]+\.[0-9] .*Reader15 wrote' "$T/out"; then
	ok "--explain shows a dropped block"
else
	not_ok "--explain shows a dropped block" "$(head -c 600 "$T/out")"
fi
expect_out "--explain marks the span's start" "$(printf '\342\224\217')"
rows=$(grep -Ec '^ +[0-9]+ [-+~]' "$T/out")
if [ "$rows" -gt 10 ]; then ok "--explain has a row for every block"
else not_ok "--explain has a row for every block" "$rows rows"; fi
if awk 'length($0) > 0 { n++ } END { exit n == 0 }' "$T/out" &&
    python3 -c 'import sys, unicodedata
w = lambda s: sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in s)
sys.exit(max(w(l) for l in open(sys.argv[1], encoding="utf-8").read().split("\n")[2:]) > 100)' "$T/out"; then
	ok "--explain rows fit 100 columns"
else
	not_ok "--explain rows fit 100 columns"
fi

run --explain -w 60 -a bte "$D/algos.html"
expect_status "--explain -a bte" 0
expect_out "--explain names the algorithm" "bte: kept tokens"
if grep -q "Reader15 wrote" "$T/out" && grep -Eq '^ +[0-9]+ \+p .*Reader15' "$T/out"; then
	ok "bte keeps what mss drops"
else
	not_ok "bte keeps what mss drops" "$(grep Reader15 "$T/out")"
fi

for a in $("$PITH" --list-algorithms | cut -d' ' -f1); do
	# template needs a template file: tests/e2e/template.sh.
	[ "$a" = template ] && continue
	run --explain -a "$a" "$D/long.html"
	expect_status "--explain -a $a runs" 0
	expect_out "--explain -a $a: rows" "Paragraph 60 begins"
done

printf '<html><body><div><span></span><hr></div></body></html>' >"$T/empty.html"
run --explain -a mss "$T/empty.html"
expect_status "--explain with no article exits 1" 1
expect_out "--explain still explains" "mss: kept 0 of"
expect_err "and says why on stderr" "no article found"

# ---- --explain=tokens: the overlay's token level as text
run --explain=tokens -a mss "$D/algos.html"
expect_status "--explain=tokens exits 0" 0
expect_out "--explain=tokens: a heading per block" "block 2  p  score +44.5  kept  span starts at token 17"
expect_out "tag tokens with their scores" "$(printf '\342\200\271/h1\342\200\272')-3.25"
expect_out "the span's start at its token" "$(printf '\342\226\266') The essay itself"
expect_out "the span's end at its token" "balance of words and tags.$(printf '\342\227\200')"
expect_out "the block of the end says so" "span ends at token 114"
expect_out "the running sum as a sparkline" "$(printf '\342\226\210\342\226\210\342\226\210')"
run --explain=tokens -a readability "$D/algos.html"
expect_status "--explain=tokens -a readability exits 0" 0
expect_out "readability: the candidates" "top     article"
expect_out "readability: a rival" "rival   section.comments"
expect_out "readability: a sibling's threshold" "threshold 10.0: passed, joined"
run --explain=nonsense "$D/algos.html"
expect_status "--explain=WHAT other than blocks or tokens is a usage error" 2
expect_err "and says so" "--explain takes blocks or tokens"

# ---- --explain -f json: the same rows as data, a block's text whole
run --explain -f json -a mss "$D/algos.html"
expect_status "--explain -f json exits 0" 0
run_py() {
	python3 - "$T/out" "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
b = d["blocks"]
kept = [x for x in b if x["kept"] == "kept"]
dropped = [x for x in b if x["kept"] == "dropped"]
checks = {
    "names": d["algorithm"] == "mss" and d["summary"].startswith("mss: kept tokens"),
    "kept": any(x["kind"] == "p" and "The essay itself" in x["text"] for x in kept),
    "dropped": any("Reader15 wrote" in x["text"] for x in dropped),
    "scores": all(isinstance(x["score"], float) for x in b),
    "every block": len(b) > 10 and all(set(x) == {"kind", "kept", "score", "reason", "text"} for x in b),
    "whole text": max(len(x["text"]) for x in b) > 100,
}
sys.exit(0 if checks[sys.argv[2]] else 1)
PY
}
for c in names kept dropped scores "every block" "whole text"; do
	if run_py "$c"; then ok "--explain -f json: $c"
	else not_ok "--explain -f json: $c" "$(head -c 400 "$T/out")"; fi
done
run --explain -f json -a readability "$D/algos.html"
if python3 -c 'import json, sys
b = json.load(open(sys.argv[1]))["blocks"]
sys.exit(not any(x["kept"] == "dropped" and (x["reason"] or "").startswith("dropped: ") for x in b))' "$T/out"; then
	ok "--explain -f json: readability's reasons"
else
	not_ok "--explain -f json: readability's reasons" "$(head -c 400 "$T/out")"
fi
run --explain -f json -a mss "$T/empty.html"
expect_status "--explain -f json with no article exits 1" 1
expect_out "and still gives the rows" '"summary":"mss: kept 0 of'
run --explain=tokens -f json "$D/algos.html"
expect_status "--explain=tokens -f json is a usage error" 2
expect_err "and says so" "--explain=tokens prints text only"
run --explain -f markdown "$D/algos.html"
expect_status "--explain -f markdown is a usage error" 2
expect_err "and says what it prints" "--explain prints text or, with -f json, JSON"
