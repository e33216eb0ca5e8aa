# tests/e2e/perturb.sh - tools/perturb.c, the page rewriter behind
# make bench-robust, and bench-quality.py --perturb on a tiny corpus.
. tests/lib.sh

pt=$(dirname "$PITH")/perturb
score=../shared/bench/score.py

# check DESC MODE INPUT PATTERN: the rewritten INPUT matches the
# extended regular expression PATTERN.
check() {
	got=$(printf '%s' "$3" | "$pt" "$2" 2>&1)
	if printf '%s' "$got" | grep -Eq -- "$4"; then ok "$1"
	else not_ok "$1" "got: $got"; fi
}

check "p2div: a <p> is a <div>, attributes and entities kept" p2div \
    '<p class="lede top">One &amp; two</p>' '<div class="lede top">One &amp; two</div>'
check "none: a <p> stays, a comment goes" none '<p>x</p><!-- note -->' \
    '^<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>x</p></body></html>$'
# A legacy page is decoded as pith decodes it and said to be UTF-8
# ahead of its own declaration, which would read the UTF-8 wrongly.
check "none: a latin-1 page written as UTF-8, said so first" none \
    "$(printf '<meta charset="iso-8859-1"><p>caf\351</p>')" \
    '^<!DOCTYPE html><html><head><meta charset="utf-8"><meta charset="iso-8859-1"></head><body><p>café</p>'
check "none: script text stays raw" none '<script>if (a < b) go();</script>' '<script>if \(a < b\) go\(\);</script>'
check "none: a void element has no end tag" none '<p>a<br>b<img src="x.png"></p>' '<p>a<br>b<img src="x.png"></p>'
check "hash: each class and id word a hash" hash '<div class="post-body entry" id="main">x</div>' \
    '<div class="x[0-9a-f]{6} x[0-9a-f]{6}" id="x[0-9a-f]{6}">x</div>'
check "hash: other attributes kept" hash '<a href="/a?b=1&amp;c=2" class="more">x</a>' 'href="/a\?b=1&amp;c=2"'
check "br: a <p> is its content and two <br>" br '<div><p>One &amp; <b>two</b></p><p>Three</p></div>' \
    '<div>One &amp; <b>two</b><br><br>Three<br><br></div>'
check "br: a <p> with attributes a <span> that keeps them" br '<p class="a" hidden>One</p>' \
    '<body><span class="a" hidden="">One</span><br><br></body>'
check "html4: sectioning and figure elements are divs, <time> a span" html4 \
    '<article><header><time datetime="2012">May</time></header><p>x</p><figure><figcaption>c</figcaption></figure></article>' \
    '<body><div><div><span datetime="2012">May</span></div><p>x</p><div><div>c</div></div></div></body>'
check "html4: no role, aria or microdata attributes; the others kept" html4 \
    '<div role="main" aria-label="a" itemscope itemtype="t" itemprop="articleBody" class="c" id="i">x</div>' \
    '<div class="c" id="i">x</div>'
got=$(printf '<p class="note">a</p><span id="note">b</span><p class="other">c</p>' | "$pt" hash)
h1=$(printf '%s' "$got" | sed -n 's/.*<p class="\(x[0-9a-f]*\)">a.*/\1/p')
h2=$(printf '%s' "$got" | sed -n 's/.*<span id="\(x[0-9a-f]*\)">b.*/\1/p')
h3=$(printf '%s' "$got" | sed -n 's/.*<p class="\(x[0-9a-f]*\)">c.*/\1/p')
if [ -n "$h1" ] && [ "$h1" = "$h2" ] && [ "$h1" != "$h3" ]; then ok "hash: one word, one name, all over the page"
else not_ok "hash: one word, one name, all over the page" "got: $got"; fi

printf '<p>x</p>' | "$pt" nosuch >"$T/out" 2>"$T/err"
status=$?
if [ "$status" -eq 2 ] && grep -q '^usage: perturb none|p2div|hash' "$T/err" && [ ! -s "$T/out" ]
then ok "an unknown mode: exit 2 and the usage"
else not_ok "an unknown mode: exit 2 and the usage" "exit $status" "stderr: $(cat "$T/err")"; fi

# The page is bounded as pith bounds it (extract/guard.c) before gumbo,
# whose parse is quadratic in the depth (200,000 levels took 90 s), and
# a <title> never closed no longer takes the page along.
python3 -c "import sys; sys.stdout.write('<div>' * 200000 + 'deep' + '</div>' * 200000)" >"$T/deep.html"
"$pt" none <"$T/deep.html" >"$T/out" 2>"$T/err"
status=$?
if [ "$status" -eq 0 ] && grep -q 'deep' "$T/out" && [ "$(grep -o '<div>' "$T/out" | wc -l)" -le 1000 ]
then ok "200,000 nested divs: bounded as pith bounds them, written"
else not_ok "200,000 nested divs: bounded as pith bounds them, written" "exit $status" \
    "stderr: $(head -c 300 "$T/err")"; fi
check "none: a <title> never closed ends before the body" none \
    '<title>News<body><p>The story.</p>' '<title>News</title></head><body><p>The story.</p>'

# bench-quality.py --perturb: the pages go through the perturber.
bench() {
	TMPDIR=$T python3 tools/bench-quality.py --pith "$PITH" "$@" >"$T/out" 2>"$T/err" </dev/null
	status=$?
}
mkdir "$T/c"
printf '<html><body><div class="nav"><a href="/">Home</a> <a href="/a">About</a></div><p>%s</p><p>%s</p></body></html>\n' \
    'The river rose two metres overnight and the old bridge was closed to traffic before dawn, the council said.' \
    'Engineers will inspect the piers once the water falls, which may take until the end of the week.' |
    gzip >"$T/c/flood.html.gz"
printf '{"flood": {"articleBody": "The river rose two metres overnight and the old bridge was closed to traffic before dawn, the council said.\\nEngineers will inspect the piers once the water falls, which may take until the end of the week."}}\n' >"$T/c/truth.json"
# A scorer that exists (the check before the perturber's) but is never run.
: >"$T/score.py"
bench --score "$T/score.py" --corpus "$T/c" --perturb p2div --perturber "$T/none" --no-peers \
    --no-hybrid -a auto
if [ "$status" -eq 2 ] && grep -q 'no perturber at' "$T/err"; then ok "--perturb: a missing perturber is a set-up error"
else not_ok "--perturb: a missing perturber is a set-up error" "exit $status" "stderr: $(head -c 300 "$T/err")"; fi
if [ ! -f "$score" ]; then
	ok "--perturb: scored runs # SKIP no $score"
	exit 0
fi
# A perturber that notes each call, then does the work.
printf '#!/bin/sh\necho "$1" >>"%s/calls"\nexec "%s" "$@"\n' "$T" "$pt" >"$T/wrap"
chmod +x "$T/wrap"
for m in p2div hash br html4; do
	: >"$T/calls"
	bench --score "$score" --corpus "$T/c" --perturb $m --perturber "$T/wrap" --no-peers --no-hybrid \
	    -a auto --out "$T/$m.md"
	if [ "$status" -eq 0 ] && grep -q "went through \`tools/perturb.c $m\`" "$T/$m.md" &&
	    [ "$(cat "$T/calls")" = "$m" ] && grep -Eq '^\| \*\*pith auto\*\* \| 1 \| 1\.000 ' "$T/$m.md"
	then ok "--perturb $m: the page rewritten, the article still whole"
	else not_ok "--perturb $m: the page rewritten, the article still whole" "exit $status" \
	    "stderr: $(head -c 300 "$T/err")" "report: $(grep -i 'pith auto' "$T/$m.md" | head -2)"; fi
done
