# tests/e2e/typography.sh - --hyphenate and hyphenate = on: long words
# broken at the page language's dictionary points in -d -w N and in the
# reader (tmux), none without a dictionary; --justify and justify = on in
# the reader.  Needs Debian's hyphen-en-us and hyphen-de (tools/deps.sh);
# without them the checks that need them skip, and say so.
. tests/lib.sh

en=tests/pages/hyphen-en.html
de=tests/pages/hyphen-de.html
nl='
'
have() { [ -r "/usr/share/hyphen/hyph_$1.dic" ]; }
# expect_out DESC TEXT: stdout holds TEXT, line breaks and all.
expect_out() {
	if python3 -c 'import sys; sys.exit(sys.argv[1] not in open(sys.argv[2], encoding="utf-8").read())' \
	    "$2" "$T/out"; then ok "$1"
	else not_ok "$1" "missing: $2" "stdout: $(head -c 300 "$T/out")"; fi
}
skip() { n=$((n + 1)); echo "ok $n - # SKIP $1"; }

# ---- -d -w 30: "Typographers consider " leaves 8 columns, and
# "hyphen-" is the dictionary's hy-phen-ation, second point.
if have en_US; then
	run -d -w 30 --hyphenate "$en"
	expect_status "en: --hyphenate runs" 0
	expect_out "en: broken at the dictionary's point" "Typographers consider hyphen-"
	expect_out "en: the rest on the next line" "${nl}ation indispensable"
	if grep -q "$(printf '\302\255')" "$T/out"; then not_ok "en: no soft hyphen left in the text"
	else ok "en: no soft hyphen left in the text"; fi
	run -d -w 30 --hyphenate=off "$en"
	expect_out "--hyphenate=off: words whole" "${nl}hyphenation indispensable for"
	printf 'hyphenate = on\n' >"$T/settings"
	run -d -w 30 --config "$T/settings" "$en"
	expect_out "hyphenate = on in the settings file" "Typographers consider hyphen-"
	run -d -w 30 --config "$T/settings" --hyphenate=off "$en"
	expect_out "--hyphenate=off wins over the file" "${nl}hyphenation indispensable for"
else
	skip "hyphen-en-us is not installed"
fi
run -d -w 30 "$en"
expect_out "off by default" "${nl}hyphenation indispensable for"

# ---- German, lang="de-DE": Ge-schwin-dig-keit, Sil-ben-tren-nung
if have de_DE; then
	run -d -w 30 --hyphenate "$de"
	expect_status "de: --hyphenate runs" 0
	expect_out "de: a compound broken at a point" "Die Donaudampfschifffahrtsge-${nl}sellschaft"
	expect_out "de: the next one too" "veröffentlichte In-${nl}formationsveranstaltungen"
else
	skip "hyphen-de is not installed"
fi

# ---- no dictionary for the language: as without, and no error
sed 's/lang="en"/lang="xx"/' "$en" >"$T/xx.html"
run -d -w 30 "$T/xx.html"
cp "$T/out" "$T/plain"
run -d -w 30 --hyphenate "$T/xx.html"
expect_status "no dictionary: still exit 0" 0
if cmp -s "$T/out" "$T/plain"; then ok "no dictionary: the text as without"
else not_ok "no dictionary: the text as without" "$(diff "$T/plain" "$T/out" | head -5)"; fi
if [ -s "$T/err" ]; then not_ok "no dictionary: nothing on stderr" "$(head -c 200 "$T/err")"
else ok "no dictionary: nothing on stderr"; fi

run -d --hyphenate=maybe "$en"
expect_status "--hyphenate=maybe: usage error" 2
expect_err "says what it takes" "--hyphenate takes on or off, not 'maybe'"

# ---- the reader, in tmux: the same break at a 30-column measure
if ! command -v tmux >/dev/null 2>&1 || ! have en_US; then
	skip "tmux or hyphen-en-us missing"
	exit 0
fi
page=$(pwd)/$en
. tests/tmux.sh
start 60 20 -w 30 --hyphenate "$page"
if wait_for "hyphen-"; then ok "reader: --hyphenate breaks at the point"
else not_ok "reader: --hyphenate breaks at the point" "$(cat "$T/screen")"; fi
check "reader: the line as in -d" "Typographers consider hyphen-"
keys / hyphenation Enter
check "reader: search finds the broken word" "match 1 of 1"
quits "reader: q quits"

# ---- justify: the first line spread to the 30 columns, the last not
start 60 20 -w 30 --justify --hyphenate "$page"
check "reader: --justify spreads a line to the measure" "Typographers  consider hyphen-"
check "reader: not the paragraph's last" " rithm to keep it whole."
quits "reader: --justify: q quits"
printf 'justify = on\nhyphenate = on\n' >"$T/cfg/pith/config"
start 60 20 -w 30 "$page"
check "reader: justify = on in the settings file" "Typographers  consider hyphen-"
quits "reader: justify = on: q quits"
