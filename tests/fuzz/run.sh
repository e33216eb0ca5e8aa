#!/bin/sh
# tests/fuzz/run.sh [--check] FUZZDIR [NAME...]: run the libFuzzer
# harnesses built in FUZZDIR (make fuzz-build), all or the NAMEs given
# (core, wrap, url, ...).
#
# Seed corpora are gathered from the fixtures at every run into
# FUZZDIR/seed/NAME.  Plain: each harness fuzzes for FUZZ_SECONDS (60),
# keeping what it finds in FUZZDIR/corpus/NAME; crashes land in
# FUZZDIR/artifacts/.  --check (CI): replay every seed and every
# fixture in tests/fuzz/regress/NAME/, then fuzz FUZZ_SECONDS (20) from
# the seeds alone; any crash, leak, hang or sanitizer report fails.
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
fb=${1:?usage: tests/fuzz/run.sh [--check] FUZZDIR [NAME...]}
shift
secs=${FUZZ_SECONDS:-$([ $check = 1 ] && echo 20 || echo 60)}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fb=$(cd "$fb" && pwd) || exit 1
names=$*
if [ -z "$names" ]; then
	for b in "$fb"/fuzz_*; do
		[ -x "$b" ] && names="$names ${b##*/fuzz_}"
	done
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
# A hang is a bug: no input may take 10 s.  Leaks are found per input.
# Every run reads /dev/null: an input naming /dev/stdin (a theme path in
# a settings file) must not wait for a terminal.
opts="-timeout=10 -rss_limit_mb=2560 -print_final_stats=1"
# Harnesses run FUZZ_JOBS at a time (default one per CPU), each on a
# CPU of its own, so that CI's minute each costs a minute per CPU.
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}

# pages DIR: every fixture page, and every file of the e2e data.
pages() {
	for f in "$top"/tests/pages/*.html "$top"/sample/*.html; do
		[ -f "$f" ] && cp "$f" "$1/"
	done
	find "$top/tests/e2e/data" -type f 2>/dev/null | while read -r f; do
		cp "$f" "$1/e2e-$(echo "${f#"$top"/tests/e2e/data/}" | tr / -)"
	done
}

# cut_pages DIR [MAX]: pages in DIR over -max_len (4 KB) get pieces
# that fit it, cut before a tag, behind a head of their own; at most MAX
# pieces a page (all without).
cut_pages() {
	python3 - "$1" "${2:-0}" <<-'EOF'
	import os, sys
	d, most, room = sys.argv[1], int(sys.argv[2]), 4096 - 100
	head = b'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Part</title></head><body>'
	for f in sorted(os.listdir(d)):
	    t = open(os.path.join(d, f), "rb").read()
	    if len(t) <= 4096 or t.find(b"<body") < 0:
	        continue
	    i, k = t.find(b"<body"), 0
	    while i < len(t) and (most == 0 or k < most):
	        j = t.rfind(b"<", i + 1, i + room) if i + room < len(t) else len(t)
	        j = j if j > i else min(len(t), i + room)
	        open(os.path.join(d, "%s.part%d" % (f, k)), "wb").write(head + t[i:j])
	        i, k = j, k + 1
	EOF
}

# real_seeds BIN DIR: pages of real sites for the core harness, cut to
# -max_len as the fixtures are, and of those the pieces that add to
# what DIR's seeds cover (libFuzzer's -merge): they find far more than
# the fixtures alone.  The pages are FUZZ_PAGES (a folder of .html or
# .html.gz, searched to any depth; default the corpora in ../shared
# beside the checkout), never committed; at most FUZZ_PAGES_MAX (300),
# spread over the folder, 8 pieces each.
real_seeds() {
	src=${FUZZ_PAGES:-$top/../shared/corpus}
	[ -d "$src" ] || return 0
	rm -rf "$tmp/real"
	mkdir -p "$tmp/real"
	python3 - "$src" "$tmp/real" "${FUZZ_PAGES_MAX:-300}" <<-'EOF'
	import gzip, os, sys
	src, out, most = sys.argv[1], sys.argv[2], int(sys.argv[3])
	found = sorted(os.path.join(r, f) for r, _, fs in os.walk(src) for f in fs
	               if f.endswith((".html", ".htm", ".html.gz")))
	step = max(1, len(found) // most) if most > 0 else 1
	for i, f in enumerate(found[::step][:most]):
	    try:
	        t = open(f, "rb").read()
	        if f.endswith(".gz"):
	            t = gzip.decompress(t)
	    except (OSError, EOFError):
	        continue
	    open(os.path.join(out, "real%d.html" % i), "wb").write(t)
	EOF
	cut_pages "$tmp/real" 8
	# The whole pages stay out: over -max_len they would be cut anyway.
	find "$tmp/real" -name 'real*.html' -size +4k -delete
	"$1" $opts -merge=1 -max_len=4096 "$2" "$tmp/real" >"$tmp/merge.log" 2>&1 </dev/null
	echo "# fuzz core: $(ls "$tmp/real" | wc -l) pieces of real pages from $src;" \
	    "$(sed -n 's/.*MERGE-OUTER: \([0-9]*\) new files.*/\1/p' "$tmp/merge.log" | tail -n 1) add coverage"
}

# seed NAME DIR: the seed corpus of one harness: the files committed
# in tests/fuzz/seeds/NAME/, and what is generated here.
seed() {
	for f in "$here/seeds/$1"/*; do
		[ -f "$f" ] && cp "$f" "$2/"
	done
	case $1 in
	core)
		# The pages, and the bodies of those over -max_len in pieces
		# that fit it: otherwise only each page's first 4 KB would be
		# explored.
		pages "$2"
		cut_pages "$2"
		;;
	charset)
		# The pages as they are, and in other encodings, with and
		# without a byte order mark or a matching <meta>.
		pages "$2"
		python3 - "$2" <<-'EOF'
		import os, sys
		d = sys.argv[1]
		for f in sorted(os.listdir(d)):
		    t = open(os.path.join(d, f), "rb").read().decode("utf-8", "replace")
		    for enc in ("windows-1252", "shift_jis", "euc-jp", "gb18030",
		                "big5", "koi8-r", "iso-8859-8", "utf-16-le"):
		        b = t.encode(enc, "replace")
		        if enc == "utf-16-le" and len(b) % 4 == 0:
		            b = b"\xff\xfe" + b
		        open(os.path.join(d, "%s.%s" % (f, enc)), "wb").write(b)
		EOF
		;;
	wrap)
		# Fixture text at several widths (the first byte), and the
		# cases wrap.h names.
		i=0
		for f in "$top"/tests/pages/*.expect; do
			for w in '\000' '\001' '\024' '\120' '\377'; do
				{ printf "$w"; head -c 3000 "$f"; } >"$2/expect-$i"
				i=$((i + 1))
			done
		done
		printf '\012soft\302\255hyphen\302\255ated words\302\255here' >"$2/shy"
		printf '\005\344\270\255\346\226\207\345\255\227 wide \360\237\230\200 emoji' >"$2/wide"
		printf '\003e\314\201\314\201 combining a\314\212 marks' >"$2/marks"
		printf '\004a\r\nb\rc\013d\014e\302\205f\342\200\250g\342\200\251h\n' >"$2/breaks"
		printf '\006   indented\n      more   \n\n\n' >"$2/spaces"
		printf '\002\360\237\207\253\360\237\207\267\360\237\221\250\342\200\215\360\237\221\251' >"$2/clusters"
		printf '\010\377\376\300\200invalid\355\240\200bytes' >"$2/invalid"
		;;
	bidi)
		# Fixture text, the right-to-left pages' above all, made
		# every kind of line (the first byte), and mixed cases.
		i=0
		for f in "$top"/tests/pages/*.expect; do
			for w in '\000' '\001' '\003' '\015' '\035' '\077'; do
				{ printf "$w"; head -c 1500 "$f"; } >"$2/expect-$i"
				i=$((i + 1))
			done
		done
		printf '\001\327\251\327\234\327\225\327\235 (David) 24 [1] \342\200\217x' >"$2/mixed"
		printf '\003\331\207\331\206\330\247 \331\204\330\247 \331\213\330\271' >"$2/arabic"
		printf '\015a\314\201 \327\251\326\270 \302\267 \342\224\202 1.5' >"$2/marks"
		;;
	url)
		# Links from the fixtures against a base, and RFC 3986's
		# examples (section 5.4) against theirs.
		python3 - "$2" "$top" <<-'EOF'
		import glob, os, re, sys
		d, top = sys.argv[1], sys.argv[2]
		base = "https://example.org/a/b/page.html?q=1#top"
		refs = set()
		for f in glob.glob(top + "/tests/pages/*.html") + \
		         glob.glob(top + "/tests/e2e/data/**/*.html", recursive=True):
		    t = open(f, "rb").read()
		    refs.update(re.findall(rb'(?:href|src)="([^"]*)"', t))
		for i, r in enumerate(sorted(refs)[:300]):
		    open("%s/page-%d" % (d, i), "wb").write(base.encode() + b"\n" + r)
		rfc = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s",
		       "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "", ".", "./", "..",
		       "../", "../g", "../..", "../../", "../../g", "../../../g",
		       "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g",
		       "./../g", "./g/.", "g/./h", "g/../h", "g;x=1/./y",
		       "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x",
		       "http:g", " \t//h\\x\n", "mailto:x@y", "javascript:x"]
		for i, r in enumerate(rfc):
		    open("%s/rfc-%d" % (d, i), "w").write("http://a/b/c/d;p?q\n" + r)
		EOF
		;;
	template)
		# Templates, and pages for the selector round trip.
		pages "$2"
		printf 'article\n' >"$2/tag"
		printf '# a comment\n\nclass=story\nid=main\nitemprop=\n' >"$2/rules"
		printf '\357\273\277 div \nclass = a b \ndata-x=  v=w  \n' >"$2/bom"
		printf 'bad line\n=\nclass=\n' >"$2/bad"
		;;
	warc)
		# Records of every kind batch meets: warcinfo, request, a
		# response plain, chunked, gzipped, a redirect, a resource, one
		# cut short, one over the harness's limit; each file plain and
		# as .warc.gz (a gzip member per record).
		python3 - "$2" <<-'EOF'
		import gzip, sys
		d = sys.argv[1]
		def rec(kind, block, extra=b""):
		    return (b"WARC/1.0\r\nWARC-Type: " + kind + b"\r\nWARC-Record-ID: <urn:uuid:" +
		            kind + b">\r\nWARC-Target-URI: http://example.org/\r\n" + extra +
		            b"Content-Length: %d\r\n\r\n" % len(block) + block + b"\r\n\r\n")
		H = b"Content-Type: application/http; msgtype=response\r\n"
		page = b"<html><head><title>T</title></head><body><p>caf\xe9 words</p></body></html>"
		gz = gzip.compress(page)
		recs = {
		    "info": rec(b"warcinfo", b"software: pith\r\n"),
		    "request": rec(b"request", b"GET / HTTP/1.1\r\nHost: example.org\r\n\r\n"),
		    "response": rec(b"response", b"HTTP/1.1 200 OK\r\nContent-Type: text/html; "
		                    b"charset=iso-8859-1\r\n\r\n" + page, H),
		    "chunked": rec(b"response", b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
		                   b"Transfer-Encoding: chunked\r\n\r\n%x\r\n" % len(page) + page +
		                   b"\r\n0\r\n\r\n", H),
		    "gzip": rec(b"response", b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
		                b"Content-Encoding: gzip\r\n\r\n" + gz, H),
		    "redirect": rec(b"response", b"HTTP/1.1 301 Moved\r\nLocation: /x\r\n\r\n", H),
		    "resource": rec(b"resource", page, b"Content-Type: text/html\r\n"),
		    "big": rec(b"response", b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" +
		               page * 40, H),
		}
		recs["cut"] = recs["response"][:-40]
		for name, r in recs.items():
		    open("%s/%s.warc" % (d, name), "wb").write(r)
		    open("%s/%s.warc.gz" % (d, name), "wb").write(gzip.compress(r))
		allr = [recs[k] for k in ("info", "request", "response", "chunked", "gzip",
		                          "redirect", "resource")]
		open(d + "/all.warc", "wb").write(b"".join(allr))
		open(d + "/all.warc.gz", "wb").write(b"".join(gzip.compress(r) for r in allr))
		EOF
		;;
	config)
		# The shipped themes are settings files of the other kind.
		for f in "$top"/themes/*.theme; do
			[ -f "$f" ] && cp "$f" "$2/"
		done
		;;
	esac
}

# dict NAME: the dictionary option for a harness, if it has one.
dict() {
	case $1 in
	core|charset) echo "-dict=$here/html.dict" ;;
	*) [ -f "$here/$1.dict" ] && echo "-dict=$here/$1.dict" ;;
	esac
}

# maxlen NAME: the -max_len option for a harness that needs one.  The
# core runs every algorithm on each input, in time linear in its size:
# at 4 KB it tries five to seven times as many as at the fixtures' 20 KB
# (100 exec/s against 14), and finds more in the same time.
maxlen() {
	case $1 in
	core) echo "-max_len=4096" ;;
	esac
}

# stat NAME: one of libFuzzer's final stats from $log.
stat() {
	sed -n "s/^stat::$1: *//p" "$log" | tail -n 1
}

# report WHAT LOG: say what failed, with the sanitizer's story.
report() {
	echo "not ok - fuzz $1"
	grep -aE '^(==[0-9]+==|SUMMARY|    #[0-9]+ |fuzz_[a-z]*: |[A-Za-z ]*: |artifact_prefix)' "$2" |
		grep -avE 'INFO:|fuzzer::|libc_start|in _start|__sanitizer_|pthread_kill|raise\.c|abort\.c|^NOTE' |
		head -n 40 | sed 's/^/#   /'
	echo " $1" >>"$tmp/failed"
}

# harness NAME: seed, check and fuzz one harness.
harness() {
	name=$1
	bin=$fb/fuzz_$name
	if [ ! -x "$bin" ]; then
		report "$name: no harness $bin" /dev/null
		return
	fi
	rm -rf "$fb/seed/$name"
	mkdir -p "$fb/seed/$name" "$fb/artifacts"
	seed "$name" "$fb/seed/$name"
	# Not in CI (--check): its run stays as it was, and quick.
	if [ $check = 0 ] && [ "$name" = core ]; then
		real_seeds "$bin" "$fb/seed/$name"
	fi
	log=$tmp/$name.log
	if [ $check = 1 ]; then
		# The seeds in one go, the regression fixtures one by one so
		# that each failure is named.
		if "$bin" $opts -runs=0 "$fb/seed/$name" >"$log" 2>&1 </dev/null; then
			echo "ok - fuzz $name: $(ls "$fb/seed/$name" | wc -l) seeds replay"
		else
			report "$name: a seed fails" "$log"
		fi
		for f in "$here/regress/$name"/*; do
			[ -f "$f" ] || continue
			if "$bin" $opts "$f" >"$log" 2>&1 </dev/null; then
				echo "ok - fuzz $name: regress/$name/${f##*/}"
			else
				report "$name: regress/$name/${f##*/}" "$log"
			fi
		done
		corpus=$tmp/corpus-$name
	else
		corpus=$fb/corpus/$name
	fi
	mkdir -p "$corpus"
	# shellcheck disable=SC2046
	# In CI a fixed seed: the same binary explores the same inputs, so a
	# run fails for a bug, not for luck.
	[ $check = 1 ] && seedopt=-seed=1 || seedopt=
	if "$bin" $opts $seedopt $(dict "$name") $(maxlen "$name") -max_total_time="$secs" \
	    -artifact_prefix="$fb/artifacts/$name-" "$corpus" "$fb/seed/$name" \
	    >"$log" 2>&1 </dev/null; then
		echo "ok - fuzz $name: ${secs}s, $(stat number_of_executed_units) runs," \
		    "$(stat average_exec_per_sec) exec/s, $(stat peak_rss_mb) MB"
	else
		report "$name: fuzzing found a bug" "$log"
	fi
}

# A group of harnesses at a time; each one's lines are printed whole,
# in order, when its group is done.
group=
for name in $names; do
	harness "$name" >"$tmp/$name.out" 2>&1 &
	group="$group $name"
	set -- $group
	if [ $# -ge "$jobs" ]; then
		wait
		for n in $group; do cat "$tmp/$n.out"; done
		group=
	fi
done
wait
for n in $group; do cat "$tmp/$n.out"; done
failed=$(cat "$tmp/failed" 2>/dev/null | tr -d '\n')
if [ -n "$failed" ]; then
	echo "fuzz: failed:$failed"
	echo "fuzz: keep each input (artifacts in $fb/artifacts/) as tests/fuzz/regress/NAME/WHAT"
	exit 1
fi
echo "fuzz: all passed"
