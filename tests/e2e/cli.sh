# tests/e2e/cli.sh - the pith command line end to end: every option, the
# exit statuses and their messages, the three dump formats, wrapping,
# base URLs, standard input, parameters, HTTP through a local server and
# terminal safety.  Fixture pages are written into the scratch dir $T.
. tests/lib.sh

nl='
'
srv=
trap 'if [ -n "$srv" ]; then kill "$srv" 2>/dev/null; fi; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM

# ------------------------------------------------------------- helpers

# show FILE [N]: FILE's first N bytes (300) on one line, for diagnostics.
show() {
	head -c "${2:-300}" "$1" 2>/dev/null |
	    awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
}

# check DESC CMD...: one assertion on the exit status of a command.
check() {
	d=$1; shift
	if "$@" >"$T/check" 2>&1; then ok "$d"
	else not_ok "$d" "$(tail -n 3 "$T/check" | show /dev/stdin 400)"; fi
}

# check_ok DESC CMD...: the last run exited 0 and the command succeeds.
check_ok() {
	if [ "$status" -ne 0 ]; then
		not_ok "$1" "exit status $status, expected 0" "stderr: $(show "$T/err" 300)"
	else check "$@"; fi
}

# same DESC FILE: the last run exited 0 and printed exactly FILE (which
# must not be empty).
same() {
	if [ "$status" -ne 0 ] || [ ! -s "$T/out" ] || [ ! -s "$2" ]; then
		not_ok "$1" "exit status $status, stdout $(wc -c <"$T/out") bytes" "stderr: $(show "$T/err" 300)"
	elif cmp -s "$T/out" "$2"; then ok "$1"
	else not_ok "$1" "stdout differs from $(basename "$2")" "$(diff "$2" "$T/out" | show /dev/stdin)"; fi
}

# lacks DESC TEXT: the last run exited 0 with output, without TEXT.
lacks() {
	if [ "$status" -ne 0 ] || [ ! -s "$T/out" ]; then
		not_ok "$1" "exit status $status, stdout $(wc -c <"$T/out") bytes" "stderr: $(show "$T/err" 300)"
	else expect_no_out "$@"; fi
}

# visible FILE: FILE is UTF-8 with at least one visible character (not
# white space, a control or an invisible format character).
visible() {
	python3 -c 'import sys, unicodedata
s = open(sys.argv[1], "rb").read().decode("utf-8")
sys.exit(0 if any(unicodedata.category(c)[0] not in "CZ" for c in s) else 1)' "$1"
}

# expect_article DESC: exit 0, something visible on stdout, quiet stderr.
expect_article() {
	if [ "$status" -ne 0 ]; then
		not_ok "$1" "exit status $status, expected 0" "stderr: $(show "$T/err" 300)"
	elif ! visible "$T/out"; then
		not_ok "$1" "exit 0 but nothing visible on stdout" "stdout: $(od -An -c "$T/out" | show /dev/stdin)"
	elif [ -s "$T/err" ]; then
		not_ok "$1" "stderr not empty" "stderr: $(show "$T/err" 300)"
	else ok "$1"; fi
}

# expect_fail DESC STATUS TEXT: exit STATUS, nothing on stdout, and one
# stderr line "pith: ..." that contains TEXT.
expect_fail() {
	lines=$(wc -l <"$T/err")
	if [ "$status" -ne "$2" ]; then
		not_ok "$1" "exit status $status, expected $2" "stderr: $(show "$T/err" 300)"
	elif [ -s "$T/out" ]; then
		not_ok "$1" "stdout not empty" "stdout: $(show "$T/out" 200)"
	elif [ "$lines" -ne 1 ]; then
		not_ok "$1" "stderr has $lines lines, expected 1" "stderr: $(show "$T/err" 300)"
	elif ! head -n 1 "$T/err" | grep -q '^pith: '; then
		not_ok "$1" "stderr does not start with 'pith: '" "stderr: $(show "$T/err" 300)"
	elif ! grep -qF -- "$3" "$T/err"; then
		not_ok "$1" "stderr lacks: $3" "stderr: $(show "$T/err" 300)"
	else ok "$1"; fi
}

# usage DESC TEXT ARGS...: a usage error (exit 2) that says TEXT.
usage() {
	d=$1; m=$2; shift 2
	run "$@"
	expect_fail "usage: $d" 2 "$m"
}

# json_field KEY: print field KEY of the JSON on stdout ("null" if null).
json_field() {
	python3 -c 'import json, sys
v = json.load(open(sys.argv[1], encoding="utf-8"))[sys.argv[2]]
sys.stdout.write("null" if v is None else v)' "$T/out" "$1"
}

# expect_json_field DESC KEY VALUE: stdout is JSON whose KEY is VALUE.
expect_json_field() {
	got=$(json_field "$2" 2>"$T/jerr")
	if [ "$got" = "$3" ]; then ok "$1"
	else not_ok "$1" "$2: '$got', expected '$3'" "$(tail -n 1 "$T/jerr" | show /dev/stdin)"; fi
}

# has FILE TEXT: FILE contains TEXT, newlines included.
has() {
	python3 -c 'import sys
sys.exit(0 if sys.argv[2] in open(sys.argv[1], encoding="utf-8").read() else 1)' "$1" "$2"
}

# expect_text DESC TEXT: stdout contains TEXT, which may span lines.
expect_text() {
	if has "$T/out" "$2"; then ok "$1"
	else not_ok "$1" "missing: $(printf '%s\n' "$2" | show /dev/stdin 200)" "stdout: $(show "$T/out" 400)"; fi
}

# max_width FILE: the widest line of FILE in terminal columns (East Asian
# wide and full-width characters take two).
max_width() {
	python3 -c 'import sys, unicodedata
def w(c):
    if unicodedata.category(c) in ("Mn", "Me", "Cf"): return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
print(max(sum(w(c) for c in l) for l in lines))' "$1"
}

# ------------------------------------------------------------- fixtures

P1='The opening paragraph of the test article has many plain words in it, and after a good number of them it mentions a'
P1L='guide link'
P1E='that points to a relative address, so the base URL matters.'
H2='Second section heading of the article'
P2='The second paragraph follows the heading with another long run of ordinary words, enough to keep the whole span dense.'
P3='A final paragraph closes the article with a few more words to keep the whole thing together nicely.'
TITLE='The Test Article'

cat >"$T/page.html" <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><title>$TITLE</title></head>
<body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article>
<p>$P1 <a href="/docs/guide.html">$P1L</a> $P1E</p>
<h2>$H2</h2>
<p>$P2</p>
<ul><li>first list item with several words</li><li>second list item with several words</li></ul>
<pre>int main(void) { return 0; }</pre>
<p>$P3</p>
</article>
<footer><a href="/contact">Contact</a></footer>
</body></html>
EOF

# Relative links, with a <base> and without.
LINKP='This paragraph has plenty of words before its links, so that the span starts well ahead of them:'
cat >"$T/rel.html" <<EOF
<html><head><title>Relative</title></head><body><article>
<p>$LINKP <a href="sub/other.html">the other page</a> and <a href="/root.html">the root page</a>, followed by plenty of ordinary words so that the paragraph is kept as the article body.</p>
</article></body></html>
EOF
cat >"$T/base.html" <<EOF
<html><head><title>Based</title><base href="http://base.example/dir/"></head><body><article>
<p>$LINKP <a href="sub/other.html">the other page</a> and <a href="/root.html">the root page</a>, followed by plenty of ordinary words so that the paragraph is kept as the article body.</p>
</article></body></html>
EOF

# A short navigation list before the text: each item is three words in
# four tags, so it is worth keeping only when a tag costs little.
NAV1='Latest news stories'
cat >"$T/nav.html" <<EOF
<html><head><title>Params</title></head><body>
<ul><li>$NAV1</li><li>Sports results today</li><li>Weather forecast maps</li></ul>
<p>The main paragraph of this page carries the article text, long enough to be the densest span under the default weights by a wide margin.</p>
</body></html>
EOF

# CJK: every ideograph is two columns wide.
cat >"$T/cjk.html" <<'EOF'
<html><head><meta charset="utf-8"><title>中文测试</title></head><body><article><p>这是一个很长的中文段落，用来测试按照显示宽度折行的功能是否正确。每一个汉字在终端中占据两个字符的宽度，所以一行三十列最多只能放下十五个汉字。我们继续写更多的文字，让这个段落足够长，能够被折成好几行，从而检验折行的结果。</p></article></body></html>
EOF

# Terminal escapes in the title, the text, a link and a <pre>: ESC [31m,
# BEL, an OSC title sequence and the C1 CSI U+009B (UTF-8 c2 9b).
printf '<html><head><title>Evil \033[31mred\007 title \302\2332J</title></head><body><article>
<p>This paragraph has an escape \033[31mred text\033[0m and a bell \007 here and a C1 CSI \302\2332J sequence, followed by plenty of ordinary words so that it is kept as the article body.</p>
<p>Second paragraph, also with many words, sets the \033]0;window title\007 and then has <a href="x\033[31my">a link whose address holds an escape</a> with more words to keep it going.</p>
<pre>code line one \033[2J and a bell \007 and \302\233 in code, with enough words to matter</pre>
<p>A closing paragraph of plain words keeps the preformatted block inside the kept span of the page.</p>
</article></body></html>' >"$T/esc.html"

printf '<html><body><div><span></span><br><img src="x.png"></div></body></html>' >"$T/tags.html"
: >"$T/empty.html"

# ------------------------------------------------------------- information

# --help and -h: usage on stdout naming every option.
run --help
missing=
for o in -d --dump -a --algorithm -f --format -w --width -u --url -p --param \
    --list-algorithms --list-params -h --help -V --version; do
	grep -qe " $o[ ,]" "$T/out" || grep -qe " $o\$" "$T/out" || missing="$missing $o"
done
if [ "$status" -eq 0 ] && [ -z "$missing" ] && [ ! -s "$T/err" ]; then ok "--help exits 0 and names every option"
else not_ok "--help exits 0 and names every option" "exit $status; missing:$missing" "stderr: $(show "$T/err" 200)"; fi
cp "$T/out" "$T/help"
run -h
same "-h prints the same as --help" "$T/help"

# --version and -V: "pith X.Y.Z", then the libraries.
version=$(sed -n 's/^#define PITH_VERSION "\(.*\)"$/\1/p' extract/pith.h)
run --version
if [ "$status" -eq 0 ] && [ "$(head -n 1 "$T/out")" = "pith $version" ] && echo "$version" | grep -qE '^[0-9]+\.[0-9]+\.[0-9]+$'
then ok "--version exits 0, first line 'pith $version'"
else not_ok "--version exits 0, first line 'pith $version'" "exit $status, got: $(head -n 1 "$T/out")"; fi
check "--version names gumbo, libcurl and libunistring with versions" \
    grep -qE 'gumbo [0-9].*libcurl [0-9].*libunistring [0-9]' "$T/out"
# _libunistring_version is (major << 16) + (minor << 8) + subminor.
h=/usr/include/unistring/version.h
lu=$(sed -n 's/.*libunistring \([0-9][0-9.]*\).*/\1/p' "$T/out")
if [ -r "$h" ]; then
	hv=$(sed -n 's/^#define _LIBUNISTRING_VERSION \(0x[0-9a-fA-F]*\).*/\1/p' "$h")
	want=$(( hv >> 16 )).$(( (hv >> 8) & 255 ))
else
	want=$lu    # no header to compare with: check plausibility only
fi
case $lu in
"$want" | "$want".*) if [ "${lu%%.*}" -lt 100 ]; then ok "--version gives libunistring's real version ($want)"
	else not_ok "--version gives libunistring's real version" "got: $lu"; fi ;;
*) not_ok "--version gives libunistring's real version" "got: libunistring $lu, expected $want (from $h)" ;;
esac
cp "$T/out" "$T/version"
run -V
same "-V prints the same as --version" "$T/version"

# --list-algorithms: auto (the default), mss and bte.
run --list-algorithms
check_ok "--list-algorithms: auto is marked default" grep -qE '^auto .*\(default\)$' "$T/out"
if grep -qE '^bte ' "$T/out" && ! grep -qE '^bte .*default' "$T/out" &&
    [ "$(grep -c default "$T/out")" -eq 1 ]
then ok "--list-algorithms: bte listed, not default; one default"
else not_ok "--list-algorithms: bte listed, not default; one default" "$(show "$T/out")"; fi

# --list-params: the MSS weights and their defaults.
run --list-params
check_ok "--list-params: mss.tag defaults to -3.25" grep -qE '^mss\.tag +-3\.25 ' "$T/out"
check "--list-params: mss.word defaults to 1" grep -qE '^mss\.word +1 ' "$T/out"

# ------------------------------------------------------------- usage errors

# Exit 2, one "pith: ..." line on stderr, nothing on stdout.
usage "unknown long option" "unknown option '--bogus'" --bogus "$T/page.html"
usage "unknown short option" "unknown option '-x'" -x "$T/page.html"
usage "unknown option in a cluster names it" "unknown option '-x'" -xd "$T/page.html"
# The subcommands parse their options the same way (cmd_option).
for sub in batch eval train learn; do
	usage "$sub: unknown option in a cluster names it" "unknown option '-x' (see pith $sub --help)" \
	    "$sub" -xh "$T/page.html"
done
usage "option value missing" "option '-a' needs a value" -a
usage "long option value missing" "option '--width' needs a value" --width
usage "unknown algorithm" "unknown algorithm 'foo'" -a foo "$T/page.html"
usage "unknown format" "unknown format 'xml'" -f xml "$T/page.html"
usage "negative width" "bad width '-1'" -w -1 "$T/page.html"
usage "non-numeric width" "bad width 'abc'" -w abc "$T/page.html"
usage "width with trailing junk" "bad width '5x'" -w 5x "$T/page.html"
usage "-p without '='" "expected NAME=VALUE, not 'foo'" -p foo "$T/page.html"
usage "-p unknown name" "unknown parameter 'nope'" -p nope=1 "$T/page.html"
usage "-p non-number value" "mss.tag: not a number: 'abc'" -p mss.tag=abc "$T/page.html"
usage "-u with a non-http address" "not an http(s) address: 'ftp://x/y'" -u ftp://x/y "$T/page.html"
usage "two pages" "one page at a time" "$T/page.html" "$T/rel.html"

# ------------------------------------------------------------- input errors

# Exit 3 with the reason.
run -d "$T/nonexistent.html"
expect_fail "input: missing file" 3 "nonexistent.html: No such file or directory"
run -d "$T"
expect_fail "input: a directory" 3 "a directory, not a regular file"
run -d ftp://x/y
expect_fail "input: ftp:// refused" 3 "ftp://x/y: only http and https"
run -d file:///etc/passwd
expect_fail "input: file:// refused" 3 "file:///etc/passwd: only http and https"
run -d http://127.0.0.1:1/
expect_fail "input: unreachable http address" 3 "http://127.0.0.1:1/"
# Larger than the 64 MB limit (a sparse file of zeros).
dd if=/dev/zero of="$T/huge.html" bs=1048576 count=0 seek=65 2>/dev/null
run -d "$T/huge.html"
expect_fail "input: a file over 64 MB" 3 "larger than 64 MB"
rm -f "$T/huge.html"

# ------------------------------------------------------------- binary input

# Not a page at all: refused before decoding (exit 3, as for other bad
# input), naming what the bytes look like, on every way in.
python3 - "$T" <<'EOF2'
import random, sys
d = sys.argv[1]
rnd = random.Random(8)
open(d + "/random.bin", "wb").write(rnd.randbytes(65536))
open(d + "/image.html", "wb").write(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + rnd.randbytes(8192))
open(d + "/doc.pdf", "wb").write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
# A page with stray NULs (one in a hundred bytes) is still a page.
page = open(d + "/page.html", "rb").read()
open(d + "/nuls.html", "wb").write(b"".join(page[i:i + 99] + b"\0" for i in range(0, len(page), 99)))
open(d + "/utf16.html", "wb").write(page.decode().replace('<meta charset="utf-8">', "").encode("utf-16-le"))
EOF2
gzip -c "$T/page.html" >"$T/page.html.gz"
run -d "$T/random.bin"
expect_fail "binary: random bytes refused" 3 "random.bin: not HTML (looks like binary data)"
run -d "$T/image.html"
expect_fail "binary: a PNG refused whatever its name" 3 "image.html: not HTML (looks like a PNG image)"
run -d -f json "$T/doc.pdf"
expect_fail "binary: a PDF refused" 3 "doc.pdf: not HTML (looks like a PDF document)"
run -d "$T/page.html.gz"
expect_fail "binary: gzip not decoded is refused" 3 "not HTML (looks like gzip-compressed data)"
run -d "$PITH"
expect_fail "binary: an executable refused" 3 "not HTML (looks like an ELF executable)"
run_in "$T/random.bin" -d -
expect_fail "binary: from stdin too" 3 "stdin: not HTML (looks like binary data)"
run -d "$T/nuls.html"
expect_article "binary: a page with stray NULs is still read"
expect_text "binary: ... and its article found" "$P2"
run -d "$T/utf16.html"
expect_article "binary: UTF-16 without a byte order mark is still read"
expect_text "binary: ... and decoded" "$P2"
# pith batch: an error record, and the run goes on.
timeout 20 "$PITH" batch -j 1 "$T/image.html" "$T/page.html" >"$T/out" 2>"$T/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 2 ] &&
    head -n 1 "$T/out" | grep -qF '"error":"not HTML (looks like a PNG image)"' &&
    sed -n 2p "$T/out" | grep -qF "$P2"
then ok "binary: pith batch gives an error record and goes on"
else not_ok "binary: pith batch gives an error record and goes on" "exit $status" \
    "stdout: $(show "$T/out" 300)" "stderr: $(show "$T/err" 300)"; fi

# ------------------------------------------------------------- time limit

# An extraction that takes longer than --time-limit fails (exit 3, as a
# page over --max-size does); a 2 MB page takes tens of milliseconds, a
# thousand times the limit under test.
python3 - "$T/big.html" <<'EOF2'
import sys
s = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. "
open(sys.argv[1], "w").write("<!DOCTYPE html><html><head><title>Big</title></head><body><article>" +
    "".join("<p>%s</p>\n" % (s * 5) for _ in range(5000)) + "</article></body></html>")
EOF2
run -d --time-limit 0.00001 "$T/big.html"
expect_fail "--time-limit: exceeded" 3 "big.html: time limit of 1e-05 s exceeded"
run -d -a mss --time-limit=0.00001 "$T/big.html"
expect_fail "--time-limit: exceeded with another algorithm" 3 "time limit of 1e-05 s exceeded"
run -d --time-limit 0 "$T/big.html"
expect_article "--time-limit 0: no limit"
run -d --time-limit 60 "$T/page.html"
expect_article "--time-limit: within it"
usage "negative time limit" "bad time limit '-1'" --time-limit -1 "$T/page.html"
usage "time limit not a number" "bad time limit 'soon'" --time-limit soon "$T/page.html"
usage "time limit over a day" "bad time limit '86401'" --time-limit 86401 "$T/page.html"
timeout 20 "$PITH" batch -j 1 --time-limit 0.00001 "$T/big.html" "$T/big.html" >"$T/out" 2>"$T/err"
status=$?
if [ "$status" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 2 ] &&
    [ "$(grep -cF '"error":"time limit of 1e-05 s exceeded"' "$T/out")" -eq 2 ] &&
    grep -qF '2 pages, 2 failed' "$T/err"
then ok "--time-limit: pith batch gives error records and goes on"
else not_ok "--time-limit: pith batch gives error records and goes on" "exit $status" \
    "stdout: $(show "$T/out" 300)" "stderr: $(show "$T/err" 300)"; fi
timeout 20 "$PITH" batch --time-limit x "$T/page.html" >"$T/out" 2>"$T/err"
status=$?
expect_fail "--time-limit: pith batch checks it" 2 "bad time limit 'x'"

# ------------------------------------------------------------- no article

# Exit 1 and "no article found" when there is no text.
run -d "$T/tags.html"
expect_fail "no article: only tags (mss)" 1 "tags.html: no article found"
run -d -a bte "$T/tags.html"
expect_fail "no article: only tags (bte)" 1 "no article found"
run -d -f json "$T/empty.html"
expect_fail "no article: empty file" 1 "empty.html: no article found"
run -d -a mss -p mss.word=0 "$T/page.html"
expect_fail "no article: mss.word=0 makes nothing worth keeping" 1 "no article found"

# ------------------------------------------------------------- text format

# Title, a blank line, then the body; -w 0 (the default off a terminal).
run -d -f text "$T/page.html"
expect_article "text: article found"
if [ "$(sed -n 1p "$T/out")" = "$TITLE" ] && [ -z "$(sed -n 2p "$T/out")" ] &&
    [ "$(sed -n 3p "$T/out")" = "$P1 $P1L $P1E" ]
then ok "text: title, blank line, first paragraph on one line"
else not_ok "text: title, blank line, first paragraph on one line" "$(head -n 3 "$T/out" | show /dev/stdin)"; fi
expect_text "text: paragraphs separated by one blank line" "$P1E$nl$nl$H2$nl$nl$P2$nl$nl"
expect_text "text: list items on adjacent lines" \
    "first list item with several words${nl}second list item with several words$nl"
lacks "text: navigation dropped" "About"
cp "$T/out" "$T/text"
run "$T/page.html"
same "text: without -d, off a terminal, the same dump" "$T/text"
run --dump --format=text "$T/page.html"
same "text: --dump --format=text the same" "$T/text"
run "$T/page.html" -d
same "text: options after the page the same" "$T/text"
cp "$T/page.html" "$T/-dash.html"
run -d -- "$T/-dash.html"
same "text: '--' ends the options" "$T/text"

# ------------------------------------------------------------- markdown

run -d -f markdown -u http://example.com/x/y.html "$T/page.html"
expect_article "markdown: article found"
if [ "$(sed -n 1p "$T/out")" = "# $TITLE" ] && [ -z "$(sed -n 2p "$T/out")" ]
then ok "markdown: starts with '# $TITLE' and a blank line"
else not_ok "markdown: starts with '# $TITLE' and a blank line" "$(head -n 2 "$T/out" | show /dev/stdin)"; fi
expect_text "markdown: heading kept" "$nl## $H2$nl"
expect_text "markdown: list items" "$nl- first list item with several words$nl- second list item with several words$nl"
expect_text "markdown: absolute link" "[$P1L](<http://example.com/docs/guide.html>)"
expect_text "markdown: code fence around pre" "$nl\`\`\`${nl}int main(void) { return 0; }$nl\`\`\`$nl"
run -d -f md "$T/page.html"
expect_out "markdown: 'md' is an alias" "# $TITLE"

# ------------------------------------------------------------- json

run -d -f json -u http://example.com/x/y.html "$T/page.html"
expect_article "json: article found"
: >"$T/jerr"
if [ "$status" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 1 ] && python3 -c 'import json, sys; json.load(sys.stdin)' <"$T/out" 2>"$T/jerr"
then ok "json: one line of valid JSON"
else not_ok "json: one line of valid JSON" "$(show "$T/jerr" 200)" "$(show "$T/out" 200)"; fi
check "json: keys url, title, algorithm, text" python3 -c 'import json, sys
o = json.load(open(sys.argv[1]))
missing = {"url", "title", "algorithm", "text"} - set(o)
sys.exit("missing: %s" % missing if missing else 0)' "$T/out"
expect_json_field "json: title" title "$TITLE"
expect_json_field "json: algorithm is auto by default" algorithm auto
expect_json_field "json: url is the -u value" url http://example.com/x/y.html
check "json: text is the paragraphs, one blank line apart, without the title" \
    python3 -c 'import json, sys
t = json.load(open(sys.argv[1]))["text"]
want = [sys.argv[2], sys.argv[3], sys.argv[4],
        "first list item with several words\nsecond list item with several words",
        "int main(void) { return 0; }", sys.argv[5]]
got = t.split("\n\n")
if got != want:
    sys.exit("got %r" % got)' "$T/out" "$P1 $P1L $P1E" "$H2" "$P2" "$P3"
run -d -f json -a bte "$T/page.html"
expect_json_field "json: -a bte named in algorithm" algorithm bte
run -d -f json --algorithm=mss "$T/page.html"
expect_json_field "json: --algorithm=mss named in algorithm" algorithm mss
expect_json_field "json: url null without -u" url null
# BTE counts punctuation with its word, so a final full stop stays.
run -d -f json -a bte "$T/page.html"
got=$(json_field text 2>"$T/jerr" | tail -n 1)
if [ "$got" = "$P3" ]; then ok "bte: last sentence kept whole, full stop included"
else not_ok "bte: last sentence kept whole, full stop included" "got: $got" "expected: $P3"; fi

# ------------------------------------------------------------- width

# -w 30: no line wider than 30 columns, and only white space changes.
run -d -w 30 "$T/page.html"
wide=$(awk 'length($0) > 30' "$T/out")
if [ "$status" -eq 0 ] && [ -z "$wide" ] && [ "$(wc -l <"$T/out")" -gt 20 ]; then ok "width: -w 30 lines fit in 30 columns"
else not_ok "width: -w 30 lines fit in 30 columns" "wide: $wide" "lines: $(wc -l <"$T/out")"; fi
if [ "$status" -eq 0 ] && [ -s "$T/out" ] &&
    [ "$(tr -s ' \n' '  ' <"$T/out")" = "$(tr -s ' \n' '  ' <"$T/text")" ]
then ok "width: wrapping changes only white space"
else not_ok "width: wrapping changes only white space"; fi
run -d --width=0 "$T/page.html"
same "width: -w 0 keeps each paragraph on one line" "$T/text"
run -d -w 30 "$T/cjk.html"
mw=$(max_width "$T/out")
if [ "$status" -eq 0 ] && [ "$(wc -l <"$T/out")" -ge 6 ] && [ "$mw" -le 30 ] && [ "$mw" -ge 28 ]
then ok "width: CJK wrapped at 30 columns (2 per ideograph)"
else not_ok "width: CJK wrapped at 30 columns (2 per ideograph)" "widest: $mw" "$(show "$T/out")"; fi
run -d -w 0 "$T/cjk.html"
check_ok "width: -w 0 leaves the CJK paragraph on one line" test "$(wc -l <"$T/out")" -eq 3

# ------------------------------------------------------------- base URL

run -d -f markdown -u http://site.example/a/b.html "$T/rel.html"
expect_text "-u: relative link resolved" "[the other page](<http://site.example/a/sub/other.html>)"
expect_text "-u: root-relative link resolved" "[the root page](<http://site.example/root.html>)"
run -d -f markdown --url=http://site.example/a/b.html "$T/base.html"
expect_text "<base href> overrides -u" "[the other page](<http://base.example/dir/sub/other.html>)"
lacks "<base href> overrides -u: -u unused" "site.example"
run -d -f json -u http://site.example/a/b.html "$T/rel.html"
expect_json_field "-u: JSON url without <base>" url http://site.example/a/b.html

# ------------------------------------------------------------- stdin

run -d -f json "$T/page.html"
cp "$T/out" "$T/json"
run_in "$T/page.html" -d -f json -
same "stdin: '-' reads standard input" "$T/json"
run_in "$T/page.html" -d -f json
same "stdin: no page argument reads standard input" "$T/json"
run_in "$T/page.html" -d
same "stdin: text the same as from the file" "$T/text"
run_in "$T/empty.html" -d
expect_fail "stdin: empty input, no article" 1 "no article found"

# ------------------------------------------------------------- parameters

# The navigation list is kept only when tags weigh -0.5.
run -d -a mss "$T/nav.html"
expect_article "-p: default weights find the article"
lacks "-p: default mss.tag drops the navigation list" "$NAV1"
run -d -a mss -p mss.tag=-0.5 "$T/nav.html"
expect_article "-p mss.tag=-0.5 finds the article"
expect_text "-p mss.tag=-0.5 keeps the navigation list" "$nl$NAV1${nl}Sports results today${nl}Weather forecast maps$nl"
run -d -a mss --param=mss.tag=-3.25 "$T/nav.html"
lacks "--param mss.tag=-3.25 (the default) drops it again" "$NAV1"

# ------------------------------------------------------------- HTTP

mkdir "$T/www"
cp "$T/page.html" "$T/www/page.html"
cp "$T/rel.html" "$T/www/relative.html"
cat >"$T/server.py" <<'EOF'
import http.server, os, sys

root, portfile = sys.argv[1], sys.argv[2]

class H(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, code, ctype, body, extra=()):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        p = self.path.split("?")[0]
        if p == "/redirect":
            self.send(302, "text/html", b"moved", [("Location", "/page.html")])
        elif p == "/loop":
            self.send(302, "text/html", b"again", [("Location", "/loop")])
        elif p == "/to-ftp":
            self.send(302, "text/html", b"away", [("Location", "ftp://127.0.0.1/x")])
        elif p == "/image.png":
            self.send(200, "image/png", b"\x89PNG\r\n\x1a\n" + bytes(64))
        elif p in ("/page.html", "/relative.html"):
            with open(os.path.join(root, p[1:]), "rb") as f:
                self.send(200, "text/html; charset=utf-8", f.read())
        else:
            self.send(404, "text/html", b"<p>not here</p>")

s = http.server.HTTPServer(("127.0.0.1", 0), H)
with open(portfile + ".tmp", "w") as f:
    f.write(str(s.server_address[1]))
os.rename(portfile + ".tmp", portfile)
s.serve_forever()
EOF
python3 "$T/server.py" "$T/www" "$T/port" 2>"$T/server.log" &
srv=$!
poll test -s "$T/port"
port=$(cat "$T/port" 2>/dev/null)
if [ -n "$port" ]; then ok "http: local server started"
else not_ok "http: local server started" "$(head -c 300 "$T/server.log")"; fi
u=http://127.0.0.1:$port

run -d "$u/page.html"
expect_article "http: page fetched"
same "http: same text as the file" "$T/text"
run -d -f json "$u/page.html"
expect_json_field "http: JSON url is the address" url "$u/page.html"
run -d -f json "$u/redirect"
expect_json_field "http: redirect followed, JSON url is the final address" url "$u/page.html"
run -d "$u/missing"
expect_fail "http: 404" 3 "pith: 404 Not Found: $u/missing"
run -d "$u/image.png"
expect_fail "http: not a web page" 3 "image/png"
run -d "$u/loop"
expect_fail "http: redirect loop bounded" 3 "$u/loop"
run -d "$u/to-ftp"
expect_fail "http: redirect to ftp refused" 3 "$u/to-ftp"
run -d -f markdown "$u/relative.html"
expect_text "http: links resolve against the server address" "[the other page](<$u/sub/other.html>)"
expect_text "http: root-relative link too" "[the root page](<$u/root.html>)"

kill "$srv" 2>/dev/null
wait "$srv" 2>/dev/null
srv=

# ------------------------------------------------------------- tables

# Text lays tables on the reader's grid at -w: a spanning header, rows
# aligned, a long cell wrapped in its column, rowspan leaving its column
# empty below; -w 0 does not wrap the cells; Markdown has a GFM table.
cat >"$T/table.html" <<'EOF2'
<html><head><title>Tables</title></head><body><article>
<p>A country's facts, in a table with a header that spans two columns, as the encyclopedia shows them in its box.</p>
<table>
<tr><th colspan="2">New Zealand facts</th></tr>
<tr><th>Capital</th><td>Wellington</td></tr>
<tr><th rowspan="2">Languages</th><td>English</td></tr>
<tr><td>Maori</td></tr>
<tr><th>Motto</th><td>None official, though the phrase God Defend New Zealand is the anthem and is sung at every occasion</td></tr>
</table>
<p>After the table, more words to make the paragraph long enough to be kept by every algorithm in the registry.</p>
</article></body></html>
EOF2
bar=$(printf '\342\224\202')
run -d -w 50 "$T/table.html"
expect_text "text table: rows on the grid, a rowspan's column left empty" "New Zealand facts
Capital   $bar Wellington
Languages $bar English
          $bar Maori
Motto     $bar None official, though the phrase God
          $bar Defend New Zealand is the anthem and
          $bar is sung at every occasion
"
if [ "$(max_width "$T/out")" -le 50 ]; then ok "text table: every line within -w 50"
else not_ok "text table: every line within -w 50" "$(cat "$T/out")"; fi
run -d -w 0 "$T/table.html"
expect_text "text table: -w 0 does not wrap a cell" \
    "Motto     $bar None official, though the phrase God Defend New Zealand is the anthem and is sung at every occasion
"
run -d -f markdown "$T/table.html"
expect_text "markdown table: a GFM table" "| New Zealand facts | |
| --- | --- |
| Capital | Wellington |"
run -d -f json "$T/table.html"
expect_text "json table: data, cells apart by tabs" 'Capital\tWellington\nLanguages\tEnglish'

# ------------------------------------------------------------- terminal safety

# No C0 control but newline, no DEL and no C1 control in any format, nor
# in the decoded JSON strings.
for f in text markdown json; do
	run -d -f "$f" -u http://example.com/ "$T/esc.html"
	check_ok "escapes ($f): article with no ESC, BEL or C1 in it" python3 -c 'import json, sys
b = open(sys.argv[1], "rb").read()
if not b.strip():
    sys.exit("empty output")
bad = [c for c in b if (c < 32 and c != 10) or c == 127]
s = b.decode("utf-8")
bad += [c for c in s if 0x80 <= ord(c) <= 0x9f]
if sys.argv[2] == "json":
    o = json.loads(s)
    for v in o.values():
        if isinstance(v, str):
            bad += [c for c in v if (ord(c) < 32 and c != "\n") or 0x7f <= ord(c) <= 0x9f]
if bad:
    sys.exit("control characters: %r" % bad[:10])' "$T/out" "$f"
done
check_ok "escapes: the text around them survives" grep -q "red text" "$T/out"

# ------------------------------------------------------------- never empty

# A page whose only "text" is invisible: either no article, or something
# to see.
for ent in '&#8203;&#8203;' '&#x2028;'; do
	printf '<html><body><p>%s</p></body></html>' "$ent" >"$T/blank.html"
	run -d "$T/blank.html"
	if [ "$status" -eq 1 ] || { [ "$status" -eq 0 ] && visible "$T/out"; }
	then ok "never empty: <p>$ent</p>"
	else not_ok "never empty: <p>$ent</p>" "exit $status with stdout: $(od -An -c "$T/out" | show /dev/stdin)"; fi
done

# ------------------------------------------------------------- captions

# Figures are for eyes: text and JSON leave captions and image alt text
# out unless --captions; Markdown always shows them.
cat >"$T/figure.html" <<'EOF2'
<html><head><title>Figures</title></head><body><article>
<p>The opening paragraph of the article is long enough to be the article text by any measure used here.</p>
<figure><img src="/photo.jpg" alt="A lighthouse at dusk"><figcaption>The lighthouse, seen from the pier.</figcaption></figure>
<p>The closing paragraph of the article goes on for a while so that both paragraphs belong together.</p>
</article></body></html>
EOF2
run -d -f json "$T/figure.html"
expect_article "captions: article found"
lacks "captions: caption left out of text by default" "seen from the pier"
lacks "captions: alt text left out of text by default" "lighthouse at dusk"
run -d -f json --captions "$T/figure.html"
expect_text "--captions: caption kept" "The lighthouse, seen from the pier."
expect_text "--captions: alt text kept" "A lighthouse at dusk"
run -d -f markdown -u https://site.example/a.html "$T/figure.html"
expect_text "markdown: the image" "![A lighthouse at dusk](<https://site.example/photo.jpg>)"
expect_text "markdown: the caption" "The lighthouse, seen from the pier."

# An image inside a sentence keeps its alt text in place: in Markdown as
# an image, with --captions as words; plain text reads as if it were not
# there (no gap, no stray space).
cat >"$T/inline.html" <<'EOF2'
<html><head><title>Inline</title></head><body><article>
<p>The opening paragraph shows a <img src="/fox.jpg" alt="red fox"> in the grass, and <img src="/x.jpg">, and is long enough to be the article text by any measure.</p>
<p>The closing paragraph of the article goes on for a while so that both paragraphs belong together.</p>
</article></body></html>
EOF2
run -d "$T/inline.html"
expect_text "inline image: plain text as if it were not there" "shows a in the grass"
run -d --captions "$T/inline.html"
expect_text "inline image: --captions keeps its alt text in place" "shows a red fox in the grass"
run -d -f markdown -u https://site.example/a.html "$T/inline.html"
expect_text "inline image: Markdown keeps it in place" \
    "shows a ![red fox](<https://site.example/fox.jpg>) in the grass, and ![](<https://site.example/x.jpg>),"

# ------------------------------------------------------------- terminal

# -d output loses bidi overrides and isolates, to a terminal with the
# controls, piped too (the text reaches a terminal later); JSON is data
# and keeps them.
printf '<html><head><title>T\342\200\256evil</title></head><body><article><p>An override \342\200\256 here, an isolate \342\201\246 there, and enough ordinary words around them to make an article.</p></article></body></html>' >"$T/bidi.html"
run -d "$T/bidi.html"
if grep -q "$(printf '\342\200\256')" "$T/out"; then not_ok "piped: bidi override dropped"
else ok "piped: bidi override dropped"; fi
run -d -f json "$T/bidi.html"
if grep -q "$(printf '\342\200\256')" "$T/out"; then ok "piped JSON: bidi override kept as data"
else not_ok "piped JSON: bidi override kept as data"; fi
if command -v script >/dev/null 2>&1; then
	timeout 20 script -qc "$PITH -d $T/bidi.html" /dev/null </dev/null >"$T/tty" 2>&1
	if grep -q "ordinary words" "$T/tty" &&
		! grep -q "$(printf '\342\200\256')" "$T/tty" &&
		! grep -q "$(printf '\342\201\246')" "$T/tty"
	then ok "terminal: no bidi override or isolate in -d output"
	else not_ok "terminal: no bidi override or isolate in -d output" "$(od -c "$T/tty" | head -5)"; fi
else
	ok "terminal: bidi filter # SKIP script(1) not installed"
fi
