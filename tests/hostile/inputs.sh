# tests/hostile/inputs.sh - names, files and streams an attacker
# chooses (issue 17): escape sequences in what pith prints about them,
# links, FIFOs and devices where a page should be, a libcurl that
# ignores the protocol rule.  Each case failed before its fix.
. tests/lib.sh

ESC=$(printf '\033')
BEL=$(printf '\007')
OSC="$ESC]2;PWNED$BEL"

# tty CMD...: run CMD with stdout and stderr on one pseudo-terminal and
# stdin from /dev/null; what the terminal received goes to $T/tty.
tty() {
	python3 - "$T/tty" "$@" <<'EOF'
import os, pty, subprocess, sys
out, cmd = sys.argv[1], sys.argv[2:]
m, s = pty.openpty()
p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=s, stderr=s)
os.close(s)
got = b""
while True:
    try:
        b = os.read(m, 65536)
    except OSError:
        break
    if not b:
        break
    got += b
p.wait(timeout=20)
open(out, "wb").write(got)
EOF
}

# no_esc DESC FILE: FILE holds no ESC, BEL or C1 byte but pith's own
# "erase the line" (ESC [ K) after its progress line.
no_esc() {
	if python3 -c 'import re, sys
b = open(sys.argv[1], "rb").read().replace(b"\x1b[K", b"")
sys.exit(1 if re.search(rb"[\x1b\x07]|\xc2[\x80-\x9f]", b) else 0)' "$2"
	then ok "$1"
	else not_ok "$1" "$(od -c "$2" | head -n 4)"; fi
}

article() {
	printf '<html><head><title>%s</title></head><body><article>' "$1"
	i=0
	while [ $i -lt 6 ]; do
		printf '<p>%s Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.</p>\n' "$1"
		i=$((i + 1))
	done
	printf '</article></body></html>\n'
}

# ------------------------------------------- 3: escapes on stderr

run -d "$T/no$OSC.html"
no_esc "a missing file's name: no escape on a pipe" "$T/err"
expect_err "a missing file's name: its escape shown as \\x1b" 'no\x1b]2;PWNED\x07.html: No such file'

tty "$PITH" -d "$T/no$OSC.html"
no_esc "a missing file's name: no escape on a terminal" "$T/tty"

run "--bogus$OSC"
no_esc "an unknown option: no escape" "$T/err"

# A page that fails: not HTML at all.
PNG=$(printf '\211PNG\r\n\032\n')

# A WARC record whose id retitles the terminal, and fails.
W=$T/w
mkdir "$W"
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n%s' "$PNG"; } >"$W/body"
{ printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:x%s\033\\>\r\n' "$OSC"
  printf 'Content-Type: application/http; msgtype=response\r\n'
  printf 'Content-Length: %s\r\n\r\n' "$(wc -c <"$W/body")"
  cat "$W/body"; printf '\r\n\r\n'; } >"$T/evil.warc"
run batch -f text "$T/evil.warc"
no_esc "batch: a WARC record id in a failure line" "$T/err"
tty "$PITH" batch -f text "$T/evil.warc"
no_esc "batch: a WARC record id on a terminal" "$T/tty"

# A walked file's name, in a failure line.
mkdir "$T/walk"
printf '%s' "$PNG" >"$T/walk/bad$OSC.html"
run batch -f text "$T/walk"
no_esc "batch: a walked file's name in a failure line" "$T/err"
expect_err "batch: the name escaped" 'bad\x1b]2;PWNED\x07.html'

# eval --per-doc: ids and notes from the corpus.
mkdir "$T/corpus"
article one >"$T/corpus/a$OSC.html"
python3 -c 'import json, sys
osc = "\x1b]2;PWNED\x07"
json.dump({"a" + osc: {"articleBody": "one Lorem ipsum"}}, open(sys.argv[1], "w"))' "$T/corpus/truth.json"
run eval --per-doc "$T/corpus"
no_esc "eval --per-doc: a corpus id" "$T/out"
expect_out "eval --per-doc: the id escaped" 'a\x1b]2;PWNED\x07'

# ------------------------- 7: bidi controls and tags in piped text

RLO=$(printf '\342\200\256') LRI=$(printf '\342\201\246') TAG=$(printf '\363\240\201\201')
article "Bidi$RLO one$LRI two$TAG three" >"$T/bidi.html"
for f in text markdown; do
	run -d -f $f "$T/bidi.html"
	if [ "$status" -eq 0 ] && grep -q 'Bidi one two three' "$T/out" &&
	    ! grep -q "$RLO\|$LRI\|$TAG" "$T/out"
	then ok "-d -f $f to a pipe: no bidi override, isolate or tag"
	else not_ok "-d -f $f to a pipe: no bidi override, isolate or tag" \
	    "status $status" "$(head -c 200 "$T/out")"; fi
done

# --------------------- 1: a walk reads regular files, and only them

mkdir -p "$T/d/sub" "$T/secret" "$T/f"
article walked >"$T/d/ok.html"
echo "SECRET-IN-A-FILE" >"$T/secret/passwd"
ln -s /proc/self/environ "$T/d/a.html"
ln -s "$T/secret/passwd" "$T/d/b.html"
ln -s "$T/secret" "$T/d/sub/link-to-dir"
SECRET_IN_THE_ENVIRONMENT=yes timeout 10 "$PITH" batch "$T/d" >"$T/out" 2>"$T/err"
status=$?
expect_no_out "batch DIR: a link to /proc/self/environ is not read" SECRET_IN_THE_ENVIRONMENT
expect_no_out "batch DIR: a link to a file elsewhere is not read" SECRET-IN-A-FILE
expect_err "batch DIR: the summary counts the links passed over" \
    "1 pages, 0 failed, 0 skipped (not HTML), passed over 3 symbolic links and 0 FIFOs"

article walked >"$T/f/ok.html"
mkfifo "$T/f/c.html" "$T/f/x.warc"
timeout 10 "$PITH" batch "$T/f" >"$T/out" 2>"$T/err"
status=$?
expect_status "batch DIR: a walk with FIFOs in it ends" 0
expect_out "batch DIR: the regular file is read" '"id":"'"$T"'/f/ok.html"'
expect_err "batch DIR: the summary counts the FIFOs passed over" \
    "1 pages, 0 failed, 0 skipped (not HTML), passed over 0 symbolic links and 2 FIFOs"

# Named on the command line, a link is followed; a FIFO is refused.
ln -s "$T/d/ok.html" "$T/named.html"
run batch "$T/named.html"
expect_out "batch FILE: a link named on the command line is followed" '"id":"'"$T"'/named.html","url":null,"title":"walked"'
timeout 10 "$PITH" batch "$T/f/c.html" >"$T/out" 2>"$T/err"
expect_out "batch FILE: a FIFO named is an error record" '"id":"'"$T"'/f/c.html","url":null,"error":"a FIFO, not a regular file"}'

# ------------------------- 6: a page is a regular file (or stdin)

run -d "$T/f/c.html"
expect_status "-d FIFO: refused at once" 3
expect_err "-d FIFO: says why" "c.html: a FIFO, not a regular file"
run -d /dev/null
expect_err "-d /dev/null: a device is no page" "/dev/null: a character device, not a regular file"
run_in "$T/d/ok.html" -d -
expect_status "-d -: standard input is still read" 0

# The reader, following a local page's links to a FIFO and to
# /dev/tty (tmux gives it one): a message, and q still quits.
if command -v tmux >/dev/null 2>&1; then
	sock=$T/tmux.sock
	trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$T"' EXIT
	mkdir "$T/r"
	mkfifo "$T/r/fifo.html"
	{ printf '<html><head><title>Links</title></head><body><article>'
	  printf '<p>%s <a href="fifo.html">the fifo</a> and <a href="/dev/tty">the terminal</a>.</p>' \
	      "$(article x | sed -n 's/<p>\(.*\)<\/p>/\1/p' | head -n 3 | tr '\n' ' ')"
	  printf '</article></body></html>\n'; } >"$T/r/links.html"
	tm() { tmux -f /dev/null -S "$sock" "$@"; }
	printf "export TERM=xterm-256color LANG=C.UTF-8 HOME='%s' XDG_CONFIG_HOME='%s'\n'%s' '%s' 2>/dev/null\necho \$? >'%s'\n" \
	    "$T" "$T/cfg" "$PITH" "$T/r/links.html" "$T/r/status" >"$T/r/run.sh"
	tm new-session -d -s pith -x 200 -y 30 "sh '$T/r/run.sh'"
	# shows TEXT: the screen, captured now, shows TEXT.
	shows() {
		tm capture-pane -p -t pith >"$T/screen" 2>/dev/null
		grep -qF -- "$1" "$T/screen"
	}
	for l in "1:fifo.html: a FIFO, not a regular file" \
	    "2:/dev/tty: a character device, not a regular file"; do
		poll shows "the terminal" || true
		tm send-keys -t pith "${l%%:*}" Enter
		if poll shows "${l#*:}"; then ok "reader: a link to ${l#*:}"
		else not_ok "reader: a link to ${l#*:}" "$(cat "$T/screen")"; fi
	done
	tm send-keys -t pith q
	if poll test -s "$T/r/status"; then ok "reader: q quits after them"
	else not_ok "reader: q quits after them" "$(cat "$T/screen")"; fi
	tm kill-server 2>/dev/null || true
fi

# ------------------------- 7: config warnings, batch memory

# A settings file of garbage: ten warnings and a count, not 10,000 lines.
python3 -c 'import sys; open(sys.argv[1], "w").write("bogus\n" * 10000)' "$T/config"
article config >"$T/config.html"
run --config "$T/config" -d "$T/config.html"
if [ "$(wc -l <"$T/err")" -eq 11 ]; then ok "config: the first ten warnings, then a line"
else not_ok "config: the first ten warnings, then a line" "$(wc -l <"$T/err") lines"; fi
expect_err "config: the rest counted" "config: 9990 more warnings not shown"

# Pages in flight are bounded by their bytes, not their count: behind a
# slow page, 40 MB pages (cheap to refuse: not HTML) pile up in the
# ring.  The peak of the whole run stays near the slow page's own.
mkdir "$T/mem"
python3 - "$T/mem" <<'PY'
import gzip, sys
d = sys.argv[1]
open(d + "/00-slow.html", "wb").write(b"<html><body>" +
    b"<div><p>word and more words</p></div>" * 100000 + b"</body></html>")
big = gzip.compress(b"\x89PNG\r\n\x1a\n" + b"\0" * (40 << 20), 1)
for i in range(1, 11):
    open("%s/%02d-big.html.gz" % (d, i), "wb").write(big)
PY
# peak ARGS...: the peak memory of pith ARGS, in MB.
peak() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=16" \
	python3 -c 'import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(os.wait4(p.pid, 0)[2].ru_maxrss // 1024)' "$PITH" "$@"
}
one=$(peak batch -j 1 "$T/mem/00-slow.html")
all=$(peak batch -j 1 "$T/mem")
# Two pages in flight and the one being read: 120 MB; 10 would be 400.
if [ "$all" -lt $((one + 200)) ]; then ok "batch: pages in flight bounded by bytes ($all MB, the slow page alone $one MB)"
else not_ok "batch: pages in flight bounded by bytes" "$all MB, the slow page alone $one MB"; fi
