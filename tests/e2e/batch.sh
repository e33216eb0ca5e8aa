# tests/e2e/batch.sh - pith batch: every kind of input (files, directories,
# a list on stdin, .html.gz, WARC plain and gzip, a WARC stream), input
# order with -j, error records, exit statuses, -f text, --max-size, -t, -p,
# agreement with -d -f json, and the contracts GNU parallel and Hadoop
# Streaming / Spark pipe() rely on.
. tests/lib.sh

# batch ARGS... [< FILE]: like run, with stdin kept (lib's run closes it).
batch() {
	timeout 60 "$PITH" batch "$@" >"$T/out" 2>"$T/err"
	status=$?
}

# An article page: its words are "WORD" in the title and in every paragraph.
page() {
	printf '<!DOCTYPE html><html><head><title>%s</title></head><body>\n' "$1"
	printf '<nav><a href="/">Home</a> <a href="/about">About</a></nav><article>\n'
	# (not $i: shell functions share the caller's variables)
	for para in 1 2 3 4 5 6; do
		printf '<p>Paragraph %s about %s: the committee met on Tuesday, and after a long\n' "$para" "$1"
		printf 'discussion of the budget, the schedule and the staff, it agreed to go on.</p>\n'
	done
	printf '</article><footer>Copyright</footer></body></html>\n'
}

# ids FILE: the "id" of every JSON line, one a line.
ids() { python3 -c 'import json, sys
for l in sys.stdin: print(json.loads(l)["id"])' <"$1"; }

# same DESC A B: two files are equal.
same() {
	if cmp -s "$2" "$3"; then ok "$1"
	else not_ok "$1" "$(diff "$2" "$3" | head -n 8)"; fi
}

D=$T/d
mkdir -p "$D/sub/deep"
page alpha >"$D/a.html"
page bravo | gzip -c >"$D/sub/b.html.gz"
page charlie >"$D/sub/deep/c.htm"
page hidden >"$D/.hidden.html"
echo "not a page" >"$D/notes.txt"

# ---------------------------------------------------------- directories
batch -j 2 "$D"
expect_status "batch over a directory exits 0" 0
ids "$T/out" >"$T/ids"
printf '%s\n' "$D/a.html" "$D/sub/b.html.gz" "$D/sub/deep/c.htm" >"$T/want"
same "a directory is walked recursively, in name order, pages only" "$T/ids" "$T/want"
expect_out "a gzipped page is read" '"title":"bravo"'
expect_out "records carry the algorithm" '"algorithm":"auto"'
expect_err "the summary counts the pages" "batch: 3 pages, 0 failed, 0 skipped"
if python3 -c 'import json, sys
for l in open(sys.argv[1]):
	o = json.loads(l)
	assert list(o)[:3] == ["id", "url", "title"] and list(o)[-2:] == ["algorithm", "text"]
	assert "Paragraph 6" in o["text"] and "Copyright" not in o["text"]' "$T/out" 2>"$T/py"
then ok "one JSON object a line: id, url, title, ..., algorithm, text"
else not_ok "one JSON object a line: id, url, title, ..., algorithm, text" "$(tail -n 2 "$T/py")"; fi

# ------------------------------------------- files, the stdin list, errors
cp "$D/a.html" "$T/page.txt"
page delta | gzip -c | head -c 100 >"$T/cut.html.gz"
printf '<html><body><nav><a href="/a">a</a> <a href="/b">b</a></nav></body></html>\n' >"$T/empty.html"
printf '%s\n' "$T/page.txt" "$T/missing.html" "$T/cut.html.gz" "" "$T/empty.html" "$D/sub" >"$T/list"
batch -j 3 - <"$T/list"
expect_status "failed pages do not fail the run" 0
ids "$T/out" >"$T/ids"
printf '%s\n' "$T/page.txt" "$T/missing.html" "$T/cut.html.gz" "$T/empty.html" \
    "$D/sub/b.html.gz" "$D/sub/deep/c.htm" >"$T/want"
same "paths on stdin, one a line, files and directories, in order" "$T/ids" "$T/want"
expect_out "a named file is read whatever its name" "\"id\":\"$T/page.txt\",\"url\":null,\"title\":\"alpha\""
expect_out "a missing file is an error record" "{\"id\":\"$T/missing.html\",\"url\":null,\"error\":\"No such file or directory\"}"
expect_out "a cut gzip file is an error record" "\"error\":\"truncated gzip data\"}"
expect_out "a page without an article is an error record" "{\"id\":\"$T/empty.html\",\"url\":null,\"error\":\"no article found"
expect_err "the summary counts the failures" "batch: 6 pages, 3 failed, 0 skipped"
if grep -q "missing" "$T/err"; then not_ok "JSON lines keep per-record errors off stderr" "$(cat "$T/err")"
else ok "JSON lines keep per-record errors off stderr"; fi

batch --strict - <"$T/list"
expect_status "--strict exits 1 when a page failed" 1
batch --strict -q "$D"
expect_status "--strict exits 0 when none did" 0
if [ -s "$T/err" ]; then not_ok "-q drops the summary" "$(cat "$T/err")"; else ok "-q drops the summary"; fi

# ----------------------------------------------------- order under -j 4
mkdir "$T/many"
i=0
while [ $i -lt 60 ]; do
	page "page$i" >"$T/many/p$i.html"
	i=$((i + 1))
done
# Reverse order, to see input order and not name order.
ls "$T/many" | sort -r | sed "s|^|$T/many/|" >"$T/rlist"
batch -j 4 -q - <"$T/rlist"
ids "$T/out" >"$T/ids"
same "-j 4 keeps the input order" "$T/ids" "$T/rlist"
cp "$T/out" "$T/j4"
batch -j 1 -q - <"$T/rlist"
same "-j 1 and -j 4 print the same bytes" "$T/out" "$T/j4"

# ----------------------------------------------------------------- WARC
# rec TYPE HEADERS BLOCKFILE: one WARC record (HEADERS: lines ending \r\n).
rec() {
	printf "WARC/1.0\r\nWARC-Type: %s\r\n$2Content-Length: %s\r\n\r\n" "$1" "$(wc -c <"$3")"
	cat "$3"
	printf '\r\n\r\n'
}
W=$T/w
mkdir "$W"
printf 'software: pith tests\r\n' >"$W/info"
printf 'GET /one HTTP/1.1\r\nHost: example.org\r\n\r\n' >"$W/req"
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'; page echo; } >"$W/r1"
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n'; printf '\211PNG\r\n'; } >"$W/r2"
# Latin-1 bytes, declared only by the HTTP header.
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=ISO-8859-1\r\n\r\n'
  page "caf$(printf '\351') foxtrot"; } >"$W/r3"
{ printf 'HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\n\r\n'; page gone; } >"$W/r4"
H='Content-Type: application/http; msgtype=response\r\n'
rec warcinfo 'WARC-Record-ID: <urn:uuid:i>\r\n' "$W/info" >"$W/0"
rec request 'WARC-Target-URI: http://example.org/one\r\n' "$W/req" >"$W/1"
rec response "WARC-Record-ID: <urn:uuid:one>\r\nWARC-Target-URI: http://example.org/one\r\n$H" "$W/r1" >"$W/2"
rec response "WARC-Record-ID: <urn:uuid:png>\r\nWARC-Target-URI: http://example.org/i.png\r\n$H" "$W/r2" >"$W/3"
rec response "WARC-Record-ID: <urn:uuid:latin>\r\nWARC-Target-URI: http://example.org/two\r\n$H" "$W/r3" >"$W/4"
rec response "WARC-Record-ID: <urn:uuid:404>\r\nWARC-Target-URI: http://example.org/gone\r\n$H" "$W/r4" >"$W/5"
cat "$W/0" "$W/1" "$W/2" "$W/3" "$W/4" "$W/5" >"$T/crawl.warc"
# A .warc.gz is one gzip member per record, concatenated.
for r in 0 1 2 3 4 5; do gzip -c "$W/$r"; done >"$T/crawl.warc.gz"

for f in crawl.warc crawl.warc.gz; do
	batch -j 2 "$T/$f"
	expect_status "$f: exits 0" 0
	ids "$T/out" >"$T/ids"
	printf '%s\n' urn:uuid:one urn:uuid:latin >"$T/want"
	same "$f: the HTML 2xx response records, in order" "$T/ids" "$T/want"
	expect_out "$f: the URL is WARC-Target-URI" '"id":"urn:uuid:one","url":"http://example.org/one","title":"echo"'
	expect_out "$f: the HTTP charset decodes the page" '"title":"café foxtrot"'
	expect_err "$f: other records are counted as skipped" "batch: 2 pages, 0 failed, 2 skipped"
done

# A directory finds WARC files; a WARC stream comes on stdin with --warc.
cp "$T/crawl.warc.gz" "$D/sub/deep/z.warc.gz"
batch -q "$D/sub"
ids "$T/out" >"$T/ids"
printf '%s\n' "$D/sub/b.html.gz" "$D/sub/deep/c.htm" urn:uuid:one urn:uuid:latin >"$T/want"
same "WARC files in a directory are read by record" "$T/ids" "$T/want"
rm "$D/sub/deep/z.warc.gz"

batch -q --warc - <"$T/crawl.warc.gz"
ids "$T/out" >"$T/ids"
printf '%s\n' urn:uuid:one urn:uuid:latin >"$T/want"
same "--warc - reads a gzip WARC stream on stdin" "$T/ids" "$T/want"
gzip -dc "$T/crawl.warc.gz" >"$T/plain"
batch -q --warc <"$T/plain"
ids "$T/out" >"$T/ids"
same "--warc without arguments reads a plain WARC stream on stdin" "$T/ids" "$T/want"

# A WARC cut inside a record: the records before it, then an error.
head -c $(($(wc -c <"$T/crawl.warc") - 400)) "$T/crawl.warc" >"$T/cut.warc"
batch -q "$T/cut.warc" "$D/a.html"
expect_status "a cut WARC does not stop the run" 0
ids "$T/out" >"$T/ids"
printf '%s\n' urn:uuid:one urn:uuid:latin "$T/cut.warc" "$D/a.html" >"$T/want"
same "a cut WARC gives its records, an error record, then the next input" "$T/ids" "$T/want"
expect_out "the error names the record" "\"error\":\"WARC record 6: truncated record\"}"

batch -q --warc "$D/a.html"
expect_out "--warc refuses a file that is not WARC" '"error":"WARC record 1: not a WARC record"'

# --------------------------------------------------- the same as -d -f json
ls tests/pages/*.html >"$T/plist"
batch -q -j 2 - <"$T/plist"
if python3 -c 'import json, subprocess, sys
bad = []
for l in open(sys.argv[2]):
	o = json.loads(l)
	i = o.pop("id")
	p = subprocess.run([sys.argv[1], "-d", "-f", "json", i], capture_output=True, text=True)
	if "error" in o:
		if p.returncode == 0: bad.append(i + ": batch failed, -d did not")
	elif json.loads(p.stdout) != o:
		bad.append(i)
if bad: sys.exit(" ".join(bad))' "$PITH" "$T/out" 2>"$T/py"
then ok "each record equals pith -d -f json of its page ($(wc -l <"$T/plist") fixture pages)"
else not_ok "each record equals pith -d -f json of its page" "$(tail -n 3 "$T/py")"; fi

# --------------------------------------------------------------- -f text
batch -f text "$D/a.html" "$T/missing.html" "$D/sub/deep/c.htm"
expect_status "-f text exits 0" 0
"$PITH" -d -w 0 "$D/a.html" >"$T/d1"
"$PITH" -d -w 0 "$D/sub/deep/c.htm" >"$T/d2"
printf '\f\n' >"$T/ff"
cat "$T/d1" "$T/ff" "$T/d2" "$T/ff" >"$T/want"
same "-f text: each page as pith -d -w 0 prints it, then a form feed line" "$T/out" "$T/want"
expect_err "-f text says on stderr which page failed" "pith: $T/missing.html: No such file or directory"

# ------------------------------------------------------------ --max-size
# A page over the limit (counted decompressed) is an error record; the
# run goes on with the next.
page small >"$T/small.html"
head -c 3000 /dev/zero | tr '\0' x >"$T/pad"
{ page large; cat "$T/pad"; } >"$T/large.html"
{ page zipped; cat "$T/pad"; } | gzip -c >"$T/zipped.html.gz"
batch --max-size 2k "$T/large.html" "$T/small.html" "$T/zipped.html.gz"
expect_status "--max-size: pages over it do not fail the run" 0
expect_out "--max-size: a larger page is an error record" \
    "{\"id\":\"$T/large.html\",\"url\":null,\"error\":\"larger than 2 KB\"}"
expect_out "--max-size: the run goes on" "\"id\":\"$T/small.html\",\"url\":null,\"title\":\"small\""
expect_out "--max-size counts gzipped pages decompressed" \
    "{\"id\":\"$T/zipped.html.gz\",\"url\":null,\"error\":\"larger than 2 KB\"}"
expect_err "--max-size: the summary counts them" "batch: 3 pages, 2 failed"
batch --max-size 1M "$T/large.html"
expect_out "--max-size takes k, M and G" '"title":"large"'
for bad in 0 x 5Q -1 2kx; do
	batch --max-size "$bad" "$T/small.html"
	expect_status "--max-size $bad is a usage error" 2
done

# ------------------------------------------------------- -t FILE, -p
# A template picks the elements; records equal pith -d -f json -t.
printf '# the menu\nnav\n' >"$T/menu.tpl"
batch -t "$T/menu.tpl" "$D/a.html" "$D/sub/deep/c.htm"
expect_status "-t FILE exits 0" 0
expect_out "-t FILE extracts what it selects" '"algorithm":"template","text":"Home About"}'
"$PITH" -d -f json -t "$T/menu.tpl" "$D/a.html" >"$T/want"
head -n 1 "$T/out" | python3 -c 'import json, sys
o = json.loads(sys.stdin.read()); del o["id"]
print(json.dumps(o, ensure_ascii=False, separators=(",", ":")))' >"$T/got"
python3 -c 'import json, sys
print(json.dumps(json.load(open(sys.argv[1])), ensure_ascii=False, separators=(",", ":")))' \
    "$T/want" >"$T/want2"
same "-t FILE: the record equals pith -d -f json -t FILE" "$T/got" "$T/want2"
batch -t "$T/menu.tpl" -a auto "$D/a.html"
expect_out "-a beats -t's implied -a template" '"algorithm":"auto"'
printf 'nav\n=bad\n' >"$T/bad.tpl"
batch -t "$T/bad.tpl" "$D/a.html"
expect_status "a bad template is a usage error" 2
expect_err "and names its file and line" "pith: batch: $T/bad.tpl:2:"
batch -t "$T/none.tpl" "$D/a.html"
expect_status "a missing template is a usage error" 2
batch -a mss -p mss.tag=-2 "$D/a.html"
"$PITH" -d -f json -a mss -p mss.tag=-2 "$D/a.html" >"$T/want"
if python3 -c 'import json, sys
o = json.loads(open(sys.argv[1]).readline()); del o["id"]
sys.exit(o != json.load(open(sys.argv[2])))' "$T/out" "$T/want"
then ok "-p NAME=VALUE: the record equals pith -d -f json -p"
else not_ok "-p NAME=VALUE: the record equals pith -d -f json -p" "$(head -c 300 "$T/out")"; fi

# ---------------------------------------------------------- usage, output
for bad in "-j 0" "-j x" "-f xml" "-a nope" "-a template" "-a site" "--nope" "-p nope=1"; do
	# shellcheck disable=SC2086
	batch $bad "$D"
	expect_status "batch $bad is a usage error" 2
done
batch - - <"$T/list"
expect_status "- twice is a usage error" 2
batch --help
expect_out "--help shows the usage" "usage: pith batch"
timeout 20 "$PITH" batch -q "$D" >/dev/full 2>"$T/err"
status=$?
expect_status "an output that cannot be written exits 3" 3
expect_err "and says why" "cannot write the records: No space left on device"

# ---------------------------------------------------------- GNU parallel
"$PITH" batch -q -j 1 - <"$T/rlist" >"$T/one"
if command -v parallel >/dev/null 2>&1; then
	# --pipe: chunks of the path list to several pith batch processes on
	# the hosts of -S (":" is this machine, no ssh); -k keeps their order.
	timeout 60 parallel --will-cite -k -S : --pipe -N 7 "$PITH" batch -q -j 1 - \
	    <"$T/rlist" >"$T/par" 2>"$T/err"
	status=$?
	expect_status "parallel --pipe -S : over pith batch exits 0" 0
	same "parallel --pipe: the records of one run, in order" "$T/par" "$T/one"
	# Arguments: as many paths per job as fit (-X).
	# shellcheck disable=SC2046
	timeout 60 parallel --will-cite -k -S : -X "$PITH" batch -q -j 1 \
	    ::: $(cat "$T/rlist") >"$T/par" 2>"$T/err"
	status=$?
	expect_status "parallel -X -S : over pith batch exits 0" 0
	same "parallel -X: the records of one run, in order" "$T/par" "$T/one"
	printf '%s\n' "$T/missing.html" "$D/a.html" | timeout 60 parallel --will-cite -S : \
	    --pipe -N 1 "$PITH" batch -q --strict - >/dev/null 2>&1
	status=$?
	expect_status "parallel counts a --strict job with a failed page" 1
else
	ok "# SKIP GNU parallel is not installed (tools/deps.sh installs it)"
fi

# ----------------------------------- Hadoop Streaming / Spark pipe() mapper
# The mapper reads its input split's records (here paths) on stdin and
# writes JSON lines on stdout; the task fails only on a nonzero exit.  The
# framework's sort/shuffle and the reducer are `sort` here.
split -l 17 "$T/rlist" "$T/split."
fail=0
for s in "$T"/split.*; do
	"$PITH" batch -q - <"$s" >"$s.part" 2>"$s.log" || fail=$((fail + 1))
done
if [ $fail -eq 0 ]; then ok "every mapper task exits 0"
else not_ok "every mapper task exits 0" "$fail failed"; fi
cat "$T"/split.*.part | sort >"$T/mapped"
sort "$T/one" >"$T/want"
same "the mappers' records together are the single run's" "$T/mapped" "$T/want"
# Streaming splits a line at its first tab into key and value: JSON escapes
# every tab, so a whole record is the key.
if grep -q "$(printf '\t')" "$T/mapped"; then not_ok "no raw tab in a record"
else ok "no raw tab in a record"; fi
# A task whose output cannot be written fails, so the framework retries it.
"$PITH" batch -q - <"$T/split.aa" >/dev/full 2>/dev/null
status=$?
expect_status "a mapper that cannot write exits nonzero (3)" 3
# A stream of WARC records (Common Crawl segments through pipe()).
"$PITH" batch -q --warc - <"$T/crawl.warc.gz" >"$T/out" 2>"$T/err"
status=$?
expect_status "a WARC-stream mapper exits 0" 0
expect_out "and maps the WARC records" '"id":"urn:uuid:latin"'

