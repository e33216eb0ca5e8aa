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
	got=$(complete_words "$PITH" "" | grep -x 'batch\|eval\|learn\|train' | tr '\n' ' ')
	if [ "$got" = "batch eval learn train " ]; then ok "completion: 'pith ' offers the commands"
	else not_ok "completion: 'pith ' offers the commands" "got: $got"; fi
	# Each command's own long options, as its parser takes them.
	bad=
	for c in batch eval learn train; do
		got=$(complete_words "$PITH" "$c" -- | sort | tr '\n' ' ')
		want=$(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*, NULL,.*/--\1/p' \
		    "src/cmd/$c.c" | sort | tr '\n' ' ')
		[ -n "$want" ] && [ "$got" = "$want" ] || bad="$bad $c: got '$got', want '$want';"
	done
	if [ -z "$bad" ]; then ok "completion: 'pith COMMAND --' offers the command's options"
	else not_ok "completion: 'pith COMMAND --' offers the command's options" "$bad"; fi
	got=$(complete_words "$PITH" batch -f "" | tr '\n' ' ')
	if [ "$got" = "jsonl text " ]; then ok "completion: 'pith batch -f' offers jsonl and text"
	else not_ok "completion: 'pith batch -f' offers jsonl and text" "got: $got"; fi
else
	ok "completion: skipped, no bash"
fi
if command -v zsh >/dev/null 2>&1; then
	if zsh -n completions/_pith 2>"$T/err"; then ok "completion: _pith is valid zsh"
	else not_ok "completion: _pith is valid zsh" "$(cat "$T/err")"; fi
fi

# ---------------------------------------------------------- help, version
# The documentation against the code: every option a command's parser
# takes in its --help, its section of the manual and of the README;
# every key of the reader's table in the manual, and every key its help
# screen names in the README's table of keys.

# man_section NAME: man/pith.1's section NAME, "\-" read as "-".
man_section() {
	sed 's/\\-/-/g' man/pith.1 | awk -v s=".SH $1" '
	$0 == s { on = 1; next }
	on && /^\.SH/ { exit }
	on'
}
# readme_section HEADING: the README from HEADING to the next heading of
# its level or above (a "#" in a code block is no heading).
readme_section() {
	awk -v h="$1" '
	/^```/ { fence = !fence }
	!fence && on && /^#/ { l = $0; sub(/ .*/, "", l); if (length(l) <= level) exit }
	$0 == h { on = 1; level = index(h, " ") - 1 }
	on' README.md
}
# A command's --help is documented once, in pith's -h entry.
man_section OPTIONS >"$T/man-pith"
readme_section '## Usage' >"$T/readme-pith"
# The sections that document each command.
for c in pith:OPTIONS:'## Usage' batch:BATCH:'## Batch' \
    eval:EVALUATION:'### Evaluation' train:EVALUATION:'### The hybrid, measured' \
    learn:'SITE STATISTICS':'### Site statistics'; do
	cmd=${c%%:*} rest=${c#*:}
	src=src/cmd/$cmd.c
	if [ "$cmd" = pith ]; then run --help; else run "$cmd" --help; fi
	man_section "${rest%%:*}" >"$T/man"
	readme_section "${rest#*:}" >"$T/readme"
	missing=
	# Found by reading the command's own parser: none found is a failure too.
	grep -q 'getopt_long(argc, argv, "' "$src" || missing=" (no options in $src)"
	if [ "$cmd" != pith ]; then
		grep -q "pith $cmd --help" "$T/man-pith" || missing="$missing --help (man)"
		grep -q "pith $cmd --help" "$T/readme-pith" || missing="$missing --help (README)"
	fi
	for o in $(sed -n 's/^[[:space:]]*{ "\([a-z-]*\)", [a-z_]*, NULL,.*/\1/p' "$src"); do
		grep -q -- "--$o\b" "$T/out" || missing="$missing --$o (--help)"
		[ "$cmd" != pith ] && [ "$o" = help ] && continue
		grep -q -- "--$o\b" "$T/man" || missing="$missing --$o (man)"
		grep -q -- "--$o\b" "$T/readme" || missing="$missing --$o (README)"
	done
	for o in $(sed -n 's/.*getopt_long(argc, argv, "\([^"]*\)".*/\1/p' "$src" |
	    tr -d ':' | fold -w 1); do
		grep -q -- "-$o," "$T/out" || missing="$missing -$o (--help)"
		[ "$cmd" != pith ] && [ "$o" = h ] && continue
		grep -q -- "-$o\b" "$T/man" || missing="$missing -$o (man)"
		grep -q -- "-$o\b" "$T/readme" || missing="$missing -$o (README)"
	done
	if [ "$status" -eq 0 ] && [ -z "$missing" ]; then
		ok "help: every option of 'pith $cmd' is in its --help, man page and README"
	else
		not_ok "help: every option of 'pith $cmd' is in its --help, man page and README" \
		    "status $status, missing:$missing"
	fi
done
run --help
if grep -q 'markdown, json, html' "$T/out"; then ok "help: --help names the formats"
else not_ok "help: --help names the formats" "$(head -c 300 "$T/out")"; fi

# reader_keys: "SHOWN NAME" for each key of the reader's table
# (ui/reader.c), SHOWN 1 when its help screen names the key; named as the
# help names keys (its key_name table), Ctrl-X and Esc.
reader_keys() {
	awk '
	/^static const binding bindings\[\] = \{/ { on = 1; next }
	on && /^\};/ { on = 0 }
	/names\[\] = \{/ { names = 1 }
	names && /^\t\t\{ / {
		n = split($0, p, /\{ /)
		for (i = 2; i <= n; i++) {
			k = p[i]; sub(/,.*/, "", k)
			v = p[i]; sub(/^[^"]*"/, "", v); sub(/".*/, "", v)
			name[k] = v
		}
	}
	names && /^\t\};/ { names = 0 }
	on && /^\t\{ / {
		keys = $0; sub(/^\t\{ [^,]*, \{ /, "", keys); sub(/ \}.*/, "", keys)
		shown = $0; sub(/^[^}]*\}, /, "", shown); sub(/,.*/, "", shown)
		nk = split(keys, ks, /, /)
		for (i = 1; i <= nk; i++) {
			key[++nkeys] = ks[i]; show[nkeys] = i <= shown + 0
		}
	}
	END {
		for (i = 1; i <= nkeys; i++) {
			k = key[i]
			if (k in name) n = name[k]
			else if (k == "KEY_CTRL_C") n = "Ctrl-C"
			else if (k == "KEY_CTRL_Z") n = "Ctrl-Z"
			else if (k == "27") n = "Esc"
			else if (k ~ /^[0-9]+$/ && k >= 1 && k <= 26)
				n = "Ctrl-" substr("ABCDEFGHIJKLMNOPQRSTUVWXYZ", k, 1)
			else if (k ~ /^\047.\047$/) n = substr(k, 2, 1)
			else continue    # 0 (a label, not a key) and DK_RESIZE
			print show[i], n
		}
	}' ui/reader.c
}
reader_keys >"$T/keys"
# The man page's keys: the words of the macro lines (.B, .BR, .IB ...)
# of its KEYS section before the paragraphs that follow the list.
man_section KEYS | awk '
/^\.PP/ { exit }
/^\.[BIR]+ / { sub(/^\.[BIR]+ /, ""); gsub(/"/, " "); for (i = 1; i <= NF; i++) print $i }' \
    >"$T/man-keys"
# The README's table of keys, its first column.
awk '/^\| keys \| \|$/ { on = 1; next } on && !/^\|/ { exit } on' README.md |
    cut -d '|' -f 2 >"$T/readme-keys"
missing= missing_readme=
while read -r shown name; do
	grep -qxF -- "$name" "$T/man-keys" || missing="$missing $name"
	[ "$shown" = 1 ] || continue
	case $name in
	Ctrl-?) grep -qE -- "Ctrl-([A-Z]/)*${name#Ctrl-}\b" "$T/readme-keys" ;;
	?) grep -qF -- "\`$name\`" "$T/readme-keys" ;;
	Up) grep -qE -- 'Up|↑|arrows' "$T/readme-keys" ;;
	Down) grep -qE -- 'Down|↓|arrows' "$T/readme-keys" ;;
	Left) grep -qE -- 'Left|←' "$T/readme-keys" ;;
	Right) grep -qE -- 'Right|→' "$T/readme-keys" ;;
	*) grep -qw -- "$name" "$T/readme-keys" ;;
	esac || missing_readme="$missing_readme $name"
done <"$T/keys"
if [ "$(wc -l <"$T/keys")" -gt 40 ] && [ -z "$missing" ]; then
	ok "keys: every key of the reader's table is in the man page's KEYS"
else
	not_ok "keys: every key of the reader's table is in the man page's KEYS" \
	    "$(wc -l <"$T/keys") keys read, missing:$missing"
fi
if [ -s "$T/readme-keys" ] && [ -z "$missing_readme" ]; then
	ok "keys: every key the help screen names is in the README's table"
else
	not_ok "keys: every key the help screen names is in the README's table" \
	    "missing:$missing_readme"
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
poll test -s "$T/port"
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
