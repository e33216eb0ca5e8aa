# tests/e2e/integrate.sh - pith among other tools: -f html parsed by
# python3's html.parser, the mailcap line through run-mailcap, newsboat's
# html-renderer contract, bash completion, --help and --version, and the
# 403 hint (a local server on 127.0.0.1).
. tests/lib.sh

unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY \
    no_proxy NO_PROXY
srv=
trap 'if [ -n "$srv" ]; then kill "$srv" 2>/dev/null; fi; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
# `pith` by name, as mailcap files and newsboat call it.
mkdir "$T/bin" && ln -s "$PITH" "$T/bin/pith"
PATH=$T/bin:$PATH
export PATH

# ---------------------------------------------------------- -f html
checked=0 bad=
for page in sample/article.html tests/pages/*.html; do
	name=$(basename "$page" .html)
	run -d -f html "$page"
	[ "$status" -eq 0 ] || continue    # pages without an article
	cp "$T/out" "$T/$name.out.html"
	checked=$((checked + 1))
done
if python3 tests/e2e/data/html-check.py "$T"/*.out.html >"$T/check" 2>&1 &&
	[ "$checked" -gt 10 ]; then
	ok "html: $checked pages' -f html parse balanced, safe, with charset and title"
else
	not_ok "html: every page's -f html parses balanced and safe" "$(head -n 8 "$T/check")"
fi

cat >"$T/hostile.html" <<'HTML'
<html><head><title>Hostile &lt;b&gt; "page"</title>
<style>body { background: red }</style><script>alert(1)</script></head>
<body onload="alert(2)"><article>
<h1 onclick="alert(3)">Heading <script>alert(4)</script></h1>
<p style="color: red" onmouseover="alert(5)">A paragraph with enough words to
be the article, and a <a href="javascript:alert(6)">script link</a>, a
<a href="data:text/html,x">data link</a>, a <a href="/ok">fine link</a> and
<a href="mailto:a@example.org">mail</a>. More words make it an article for
every algorithm, more words and more words, sentences, commas, periods.</p>
<img src="x" onerror="alert(7)" alt="broken &quot;alt&quot;">
<img src="javascript:alert(8)" alt="js image">
<iframe src="https://evil.example/"></iframe><svg onload="alert(9)"></svg>
<p>Another paragraph with &lt;script&gt; written as text &amp; more words
so that the text is long enough to count as an article body for sure.</p>
</article></body></html>
HTML
fails=
for a in $("$PITH" --list-algorithms | awk '$1 != "template" && $1 != "site" { print $1 }'); do
	run -d -f html -a "$a" -u https://example.org/dir/page "$T/hostile.html"
	[ "$status" -eq 0 ] || continue
	cp "$T/out" "$T/hostile-$a.html"
	if grep -qi 'alert\|javascript\|data:text' "$T/out" ||
		! python3 tests/e2e/data/html-check.py "$T/hostile-$a.html" >"$T/check"; then
		fails="$fails $a: $(head -n 3 "$T/check")"
	fi
done
if [ -z "$fails" ] && [ -f "$T/hostile-auto.html" ]; then
	ok "html: a hostile page gives no script, handler or javascript: link"
else
	not_ok "html: a hostile page gives no script, handler or javascript: link" "$fails"
fi
run -d -f html -u https://example.org/dir/page "$T/hostile.html"
expect_out "html: the title escaped" "<title>Hostile &lt;b&gt; &quot;page&quot;</title>"
expect_out "html: relative links made absolute" '<a href="https://example.org/ok">fine link</a>'
expect_out "html: text that looks like markup escaped" "&lt;script&gt; written as text &amp; more"

# ---------------------------------------------------------- mailcap
# The documented line, as a mail reader would run it on an HTML part.
line='text/html; pith -d -f text %s; copiousoutput'
printf '%s\n' "$line" >"$T/mailcap"
cat >"$T/mail.html" <<'HTML'
<html><body><div class="header"><a href="https://shop.example/">Shop</a> |
<a href="https://shop.example/account">Account</a></div>
<p>Dear reader, your order of three books has shipped this morning and
should arrive within two working days, weather permitting.</p>
<p>The parcel can be followed on the carrier's site with the number below.</p>
<div class="footer"><a href="https://shop.example/unsubscribe">Unsubscribe</a></div>
</body></html>
HTML
if command -v run-mailcap >/dev/null 2>&1; then
	how=run-mailcap
	MAILCAPS=$T/mailcap timeout 20 run-mailcap --action=cat \
	    "text/html:$T/mail.html" >"$T/out" 2>"$T/err" </dev/null
	status=$?
else
	# The same substitution a mail reader makes.
	how="sh -c (no run-mailcap)"
	cmd=$(printf '%s\n' "$line" | sed 's/^[^;]*; *//; s/;.*//')
	timeout 20 sh -c "$(printf '%s' "$cmd" | sed "s|%s|'$T/mail.html'|")" \
	    >"$T/out" 2>"$T/err" </dev/null
	status=$?
fi
if [ "$status" -eq 0 ] && grep -q 'your order of three books has shipped' "$T/out" &&
	! grep -q '<p>' "$T/out"; then
	ok "mailcap: '$line' renders an HTML mail as text ($how)"
else
	not_ok "mailcap: '$line' renders an HTML mail as text ($how)" \
	    "status $status" "$(head -c 300 "$T/out")" "$(head -c 300 "$T/err")"
fi

# ---------------------------------------------------------- newsboat
# html-renderer: newsboat writes the item's HTML to a file and runs the
# renderer with the file's name appended, reading its stdout.  An item is
# often a bare fragment.
printf '<p>A short feed item with a <a href="https://example.org/x">link</a>.</p>\n<p>Its second paragraph.</p>\n' >"$T/item.html"
timeout 20 sh -c "pith -d -f text -w 72 '$T/item.html'" >"$T/out" 2>"$T/err" </dev/null
status=$?
if [ "$status" -eq 0 ] && grep -q '^A short feed item with a link\.$' "$T/out" &&
	grep -q '^Its second paragraph\.$' "$T/out"; then
	ok "newsboat: html-renderer 'pith -d -f text -w 72' FILE prints the text"
else
	not_ok "newsboat: html-renderer 'pith -d -f text -w 72' FILE prints the text" \
	    "status $status" "$(head -c 300 "$T/out")" "$(head -c 300 "$T/err")"
fi

# ---------------------------------------------------------- completion
# complete WORD...: COMPREPLY for the command line WORD..., the last
# word being completed.
complete_words() {
	bash -c '. completions/pith.bash
COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
_pith; printf "%s\n" "${COMPREPLY[@]}"' pith-completion "$@" 2>"$T/err"
}
if command -v bash >/dev/null 2>&1; then
	got=$(complete_words "$PITH" -a "" | sort | tr '\n' ' ')
	want=$("$PITH" --list-algorithms | awk '{ print $1 }' | sort | tr '\n' ' ')
	if [ -n "$want" ] && [ "$got" = "$want" ]; then
		ok "completion: 'pith -a ' offers every algorithm"
	else
		not_ok "completion: 'pith -a ' offers every algorithm" "got: $got" "want: $want"
	fi
	got=$(complete_words "$PITH" --fo | tr '\n' ' ')
	if [ "$got" = "--format " ]; then ok "completion: 'pith --fo' completes --format"
	else not_ok "completion: 'pith --fo' completes --format" "got: $got"; fi
	got=$(complete_words "$PITH" --algorithm = re | tr '\n' ' ')
	if [ "$got" = "readability " ]; then ok "completion: --algorithm=re"
	else not_ok "completion: --algorithm=re" "got: $got"; fi
	got=$(complete_words "$PITH" -f "" | tr '\n' ' ')
	case $got in
	*html*) ok "completion: -f offers html" ;;
	*) not_ok "completion: -f offers html" "got: $got" ;;
	esac
	got=$(complete_words "$PITH" -p mss.t | tr '\n' ' ')
	if [ "$got" = "mss.tag= " ]; then ok "completion: -p completes parameter names"
	else not_ok "completion: -p completes parameter names" "got: $got"; fi
else
	ok "completion: skipped, no bash"
fi
if command -v zsh >/dev/null 2>&1; then
	if zsh -n completions/_pith 2>"$T/err"; then ok "completion: _pith is valid zsh"
	else not_ok "completion: _pith is valid zsh" "$(cat "$T/err")"; fi
fi

# ---------------------------------------------------------- help, version
run --help
missing=
# Found by reading pith's own command: none found is a failure too.
grep -q 'getopt_long(argc, argv, "' src/cmd/pith.c || missing=" (no options in src/cmd/pith.c)"
for o in $(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*, NULL,.*/\1/p' src/cmd/pith.c); do
	grep -q -- "--$o\b" "$T/out" || missing="$missing --$o"
done
for o in $(sed -n 's/.*getopt_long(argc, argv, "\([^"]*\)".*/\1/p' src/cmd/pith.c |
    tr -d ':' | fold -w 1); do
	grep -q -- "-$o," "$T/out" || missing="$missing -$o"
done
if [ "$status" -eq 0 ] && [ -z "$missing" ] && grep -q 'text, markdown, json, html\|html' "$T/out"; then
	ok "help: every option is in --help"
else
	not_ok "help: every option is in --help" "missing:$missing"
fi
run --version
if [ "$status" -eq 0 ] && grep -q '^pith [0-9]' "$T/out" &&
	grep -q 'gumbo [0-9]' "$T/out" && grep -q 'libcurl [0-9]' "$T/out" &&
	grep -q 'jansson [0-9]' "$T/out" && grep -q 'libunistring [0-9]' "$T/out" &&
	grep -q 'uchardet' "$T/out"; then
	ok "version: pith and the libraries it runs on"
else
	not_ok "version: pith and the libraries it runs on" "$(cat "$T/out")"
fi

# ---------------------------------------------------------- 403 hint
cat >"$T/server.py" <<'PY'
import http.server, sys
class H(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        code = 403 if self.path == "/403" else 404
        self.send_response(code)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", "9")
        self.end_headers()
        self.wfile.write(b"<p>no</p>")
    def log_message(self, *a):
        pass
s = http.server.HTTPServer(("127.0.0.1", 0), H)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(s.server_address[1]))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
s.serve_forever()
PY
python3 "$T/server.py" "$T/port" &
srv=$!
i=0
while [ ! -s "$T/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
u=http://127.0.0.1:$(cat "$T/port")
run -d "$u/403"
want="pith: 403 Forbidden: $u/403 — the site may block non-browser clients; try --user-agent"
if [ "$status" -eq 3 ] && [ "$(cat "$T/err")" = "$want" ]; then
	ok "errors: 403 suggests --user-agent"
else
	not_ok "errors: 403 suggests --user-agent" "status $status" "$(cat "$T/err")"
fi
run -d "$u/404"
if [ "$(cat "$T/err")" = "pith: 404 Not Found: $u/404" ]; then
	ok "errors: 404 has no hint"
else
	not_ok "errors: 404 has no hint" "$(cat "$T/err")"
fi
