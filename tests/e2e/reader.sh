# tests/e2e/reader.sh - the reader, driven for real in tmux (tests/tmux.sh).
. tests/lib.sh
. tests/tmux.sh

# ---- opening: title, header, status line
dflt=$("$PITH" --list-algorithms | awk 'NR == 1 { print $1 }')
start 80 24 long.html
check "opens with the title" "A long page"
check "a first-run hint says where help is" "? for help"
check "header has the byline and reading time" "Test Author"
check "status line: algorithm, position, page" " $dflt  "
check "status line shows the page" "long.html"
check "status line shows the position" "%"
keys '?'
check "? shows the keys" "select the next, previous link"
keys q
check "q leaves the help" "A long page"
keys t
check "t switches the theme" "theme light"
keys w
check "w narrows the text" "width 74"
keys W W
check "W widens it" "width 78"
keys G
check "G goes to the end" "Paragraph 60 begins here"
check "the end is 100%" "100%"
keys g
check "g goes back to the top" "Paragraph 1 begins here"
quits "q quits cleanly"

# ---- wrapping by display width: CJK, emoji, combining marks
start 40 40 wide.html
check "40 columns: the page shows" "Wide characters"
check "40 columns: CJK text" "漢字の段落です"
check "40 columns: emoji" "apple"
check "40 columns: combining text" "Combining marks take none"
fits "40 columns: every line fits" 40
if grep -q "$(printf 'caf\303\251\|cafe\314\201')" "$T/screen"; then ok "combining accent stays on its letter"
else not_ok "combining accent stays on its letter" "$(cat "$T/screen")"; fi
keys q
wait_exit

start 100 30 wide.html
check "100 columns: the page shows" "Wide characters"
fits "100 columns: every line fits" 100
fits "100 columns: text capped at 80, centred" 90 28
if widths | awk '$1 > 0 && $2 < 10 && NR < 28 { bad = 1 } END { exit bad }'; then
	ok "100 columns: a margin of 10 on the left"
else
	not_ok "100 columns: a margin of 10 on the left" "$(cat "$T/screen")"
fi
keys q
wait_exit

# ---- resize: rewrap at once, keep the paragraph at the top
start 80 24 long.html
check "resize: page open" "A long page"
keys / "Paragraph 30 " Enter
check "search finds the paragraph" "match 1 of 1"
if head -1 "$T/screen" | grep -q "Paragraph 30 begins"; then ok "the match is at the top"
else not_ok "the match is at the top" "$(head -3 "$T/screen")"; fi
tm resize-window -t pith -x 50 -y 20
i=0
while [ $i -lt 100 ]; do
	screen
	# Rewrapped and redrawn: narrow, and the paragraph back on top.
	[ "$(widths | awk '{ if ($1 > m) m = $1 } END { print m + 0 }')" -le 50 ] &&
		head -1 "$T/screen" | grep -q "Paragraph 30 begins" && break
	sleep 0.05
	i=$((i + 1))
done
fits "resize: rewrapped to 50 columns" 50
if head -1 "$T/screen" | grep -q "Paragraph 30 begins"; then ok "resize keeps the paragraph at the top"
else not_ok "resize keeps the paragraph at the top" "$(head -3 "$T/screen")"; fi
quits "q after a resize"

# ---- search: highlight and jump
start 80 24 long.html
check "search: page open" "A long page"
keys / zebra Enter
check "search jumps to the match" "zebra crossing"
check "search counts the matches" "match 1 of 1"
screen_e
if grep -q "$(printf '\033')\[[0-9;]*mzebra" "$T/screen"; then ok "the match is highlighted"
else not_ok "the match is highlighted" "$(grep zebra "$T/screen" | cat -v)"; fi
keys / Paragraph Enter
check "search from the top of the screen" "of 60"
keys n
check "n goes to the next match" "match"
top1=$(head -1 "$T/screen")
keys n n n n n
# The keys arrive one by one: poll until the top line moves.
i=0
while [ $i -lt 200 ]; do
	screen
	[ "$(head -1 "$T/screen")" != "$top1" ] && break
	sleep 0.05
	i=$((i + 1))
done
if [ "$(head -1 "$T/screen")" != "$top1" ]; then ok "n scrolls to later matches"
else not_ok "n scrolls to later matches" "$(head -3 "$T/screen")"; fi
keys / nowhere-to-be-found Enter
check "a failed search says so" "not found: nowhere-to-be-found"
quits "q after searching"

# ---- code blocks scroll sideways
start 80 24 long.html
check "code: page open" "A long page"
keys / "a very long line" Enter
check "code is clipped, not wrapped" "$(printf '\342\200\272')"
check_not "the end of the code line is off the screen" "END-OF-CODE"
keys l l l l l l l l l l
check "l scrolls code sideways" "END-OF-CODE"
quits "q after scrolling"

# ---- algorithms: a/A re-extract, status and text change
next_of() {
	"$PITH" --list-algorithms | awk -v a="$1" -v b="$2" '
		{ name[NR] = $1 } $1 == a { ia = NR } $1 == b { ib = NR }
		END { n = NR; print (ib - ia + n) % n }'
}
start 80 24 -a mss algos.html
check "algorithms: page open" "Two algorithms"
keys G
wait_for "100%" >/dev/null
check_not "mss leaves out the comments" "Reader15 wrote"
presses=$(next_of mss bte)
while [ "$presses" -gt 0 ]; do keys a; presses=$((presses - 1)); done
check "a switches algorithm: status line" " bte  "
check "a says which algorithm" "bte: Body Text Extraction"
keys G
check "bte keeps the comments" "Reader15 wrote"
presses=$(next_of bte mss)
while [ "$presses" -gt 0 ]; do keys a; presses=$((presses - 1)); done
check "back to mss" " mss  "

# ---- the debug overlay
keys g d
check "d opens the overlay" "[overlay]"
check "the overlay says what was kept" "kept tokens"
check "the overlay has column titles" "block kind    score running"
screen
if grep -Eq '^ +[0-9]+ [-+~][a-z0-9]+ +[-+][0-9]+\.[0-9]' "$T/screen"; then ok "the overlay shows block scores"
else not_ok "the overlay shows block scores" "$(cat "$T/screen")"; fi
if grep -Eq '^ +[0-9]+ -p ' "$T/screen" && grep -q "One\[1\]" "$T/screen"; then
	ok "the overlay shows dropped blocks"
else
	not_ok "the overlay shows dropped blocks" "$(cat "$T/screen")"
fi
screen_e
if grep "One" "$T/screen" | grep -Eq "$(printf '\033')\[([0-9]+;)*2m"; then ok "dropped blocks are dimmed"
else not_ok "dropped blocks are dimmed" "$(grep 'One' "$T/screen" | cat -v)"; fi
keys d
check "d closes the overlay" "Two algorithms"
check_gone "the status line is back to the article" "[overlay]"
quits "q after the overlay"

# ---- saving: s and S, atomic, refusing to overwrite
start 80 24 long.html
check "save: page open" "A long page"
keys s
check "s offers the title's name in the save directory" "Save text to: $T/saved/a-long-page.txt"
keys Enter
check "s says it saved" "saved $T/saved/a-long-page.txt"
if [ "$(head -1 "$T/saved/a-long-page.txt")" = "A long page" ] &&
    grep -q "Paragraph 60 begins here" "$T/saved/a-long-page.txt"; then
	ok "the saved text has the title and the whole article"
else
	not_ok "the saved text has the title and the whole article" "$(head -5 "$T/saved/a-long-page.txt")"
fi
if awk 'length($0) > 78 { bad = 1 } END { exit bad }' "$T/saved/a-long-page.txt"; then
	ok "the saved text is wrapped at the reader's width"
else
	not_ok "the saved text is wrapped at the reader's width"
fi
echo "MARKER" >"$T/saved/a-long-page.txt"
keys s Enter
check "s asks before overwriting" "exists; overwrite it? (y/n)"
keys n
check "n keeps the file" "not saved"
if [ "$(cat "$T/saved/a-long-page.txt")" = "MARKER" ]; then ok "the file was not overwritten"
else not_ok "the file was not overwritten"; fi
keys s Enter y
check "y overwrites" "saved $T/saved/a-long-page.txt"
if [ "$(head -1 "$T/saved/a-long-page.txt")" = "A long page" ]; then ok "the file was overwritten"
else not_ok "the file was overwritten"; fi
keys S Enter
check "S saves Markdown" "saved $T/saved/a-long-page.md"
if [ "$(head -1 "$T/saved/a-long-page.md")" = "# A long page" ]; then ok "the Markdown has a heading"
else not_ok "the Markdown has a heading" "$(head -3 "$T/saved/a-long-page.md")"; fi
if [ -z "$(find "$T/saved" -name '.*' -type f)" ]; then ok "no temporary files are left"
else not_ok "no temporary files are left" "$(ls -a "$T/saved")"; fi
keys s C-u "$T/no/such/dir/x.txt" Enter
check "a save that fails says why" "No such file or directory"
keys s Escape
check "Esc cancels a save" "not saved"
quits "q after saving"

# ---- links: numbers, Tab, Enter, back and forward
start 80 24 links.html
check "links: page open" "First page of links"
check "links are numbered" "second page[1]"
keys Tab
check "Tab selects the first link: its address" "[1] second.html"
keys Enter
check "Enter follows it" "Welcome to the second page"
keys BSpace
check "Backspace goes back" "This is the first page"
keys F
check "F goes forward" "Welcome to the second page"
keys H
check "H goes back" "This is the first page"
keys 1 Enter
check "a number and Enter follow that link" "Welcome to the second page"
keys H
check "back again" "This is the first page"
keys 3 Enter
check "links that cannot be followed say so" "cannot follow mailto: links"
keys 9 9 Enter
check "a link that does not exist says so" "no link [99]"
keys o
check "o asks for a page" "Open:"
keys C-u second.html Enter
check "o opens it" "Welcome to the second page"
keys r
check "r reloads" "reloaded"
# A short name, so the reason fits the message line however deep the
# checkout is.
keys o C-u "no-such-page.html" Enter
check "a page that cannot be read says why" "No such file or directory"
check "and the page stays" "Welcome to the second page"
quits "q after following links"

# ---- the settings file: a bad line warns, never stops pith
printf 'width = 60\nwidth = wide\ntheme = mono\n' >"$T/cfg/pith/config"
start 80 24 long.html
check "a bad settings line is shown with its number" "config:2: width must be 20..1000"
keys w
check "the width setting is used" "width 56"
quits "q with settings" "pith: $T/cfg/pith/config:2: width must be 20..1000, not 'wide'"
printf 'save_dir = %s/saved\n' "$T" >"$T/cfg/pith/config"

# ---- m: the site's template from the block at the top
start 80 24 -u https://www.news.example.org/story story.html
check "template: page open" "The river rose over the old bridge"
keys j j
keys m
check "m offers the nearest element with a class" "Template line for www.news.example.org: class=story-body"
keys Enter
tpl=$T/cfg/pith/sites/www.news.example.org.tpl
check "m says where it wrote" "wrote $tpl"
check "m switches to the template algorithm" " template "
if [ "$(cat "$tpl" 2>/dev/null)" = "class=story-body" ]; then ok "the template file has the line"
else not_ok "the template file has the line" "$(cat "$tpl" 2>&1)"; fi
check_not "the template keeps the aside out" "Related: the dam"
keys m
check "m again offers the line" "Template line for www.news.example.org: class=story-body"
keys C-u
keys 'id=main' Enter
check "a second line is added" "added to $tpl"
if [ "$(cat "$tpl")" = "$(printf 'class=story-body\nid=main')" ]; then ok "the old line stays, the new one follows"
else not_ok "the old line stays, the new one follows" "$(cat "$tpl")"; fi
check "the template's article grows to id=main" "Related: the dam"
keys m
keys C-u
keys '.story' Enter
check "a bad line is refused with its reason" "not written: line 3: no CSS selectors: write class=NAME"
if [ "$(wc -l <"$tpl")" -eq 2 ]; then ok "a refused line leaves the file as it was"
else not_ok "a refused line leaves the file as it was" "$(cat "$tpl")"; fi
keys m Escape
check "Escape writes nothing" "no template written"
quits "q after making templates"
XDG_CONFIG_HOME=$T/cfg
export XDG_CONFIG_HOME
run -d -a template -u https://www.news.example.org/story "$D/story.html"
unset XDG_CONFIG_HOME
expect_status "pith -d finds the reader's template for the host" 0
expect_out "pith -d uses it" "Related: the dam"
start 80 24 story.html
check "template: a file without an address" "The river rose"
keys m
check "m without an address says why" "a template belongs to a site"
quits "q after m without an address"

# ---- a page on standard input: the keys come from the terminal
tm kill-server 2>/dev/null
{
	echo "export TERM=xterm-256color LANG=C.UTF-8 HOME='$T/home' XDG_CONFIG_HOME='$T/cfg'"
	echo "'$PITH' <'$D/second.html' 2>'$T/stderr'"
	echo "echo \$? >'$T/status.tmp' && mv '$T/status.tmp' '$T/status'"
} >"$T/run.sh"
rm -f "$T/status"
tm new-session -d -s pith -x 80 -y 24 "sh '$T/run.sh'"
check "a page on stdin opens in the reader" "Welcome to the second page"
keys r
check "stdin cannot be reloaded" "standard input cannot be read again"
quits "q reads the terminal, not stdin"

# ---- a page that cannot be read: the error after the screen is restored
start 80 24 no-such-page.html
wait_exit
if [ "$status" = 3 ] && grep -q "^pith: .*no-such-page.html: No such file" "$T/stderr"; then
	ok "a missing page exits 3 with the error on stderr"
else
	not_ok "a missing page exits 3 with the error on stderr" "status $status" "$(cat "$T/stderr")"
fi

# ---- not a terminal: the dump, as before
run "$D/second.html"
expect_status "stdout not a terminal: dump" 0
expect_out "the dump has the text" "Welcome to the second page"
