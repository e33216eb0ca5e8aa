# tests/e2e/reader-history.sh - pages read are kept in
# $XDG_STATE_HOME/pith/history: opening one again resumes where it was
# left, V lists them, pith --history prints them.
. tests/lib.sh
. tests/tmux.sh

keep_state=1
rm -rf "$T/state"
start 80 24 "$D/long.html"
check "history: page open" "A long page"
check "a page never read starts at the top" "? for help"
keys / "Paragraph 30 " Enter
check "search moves to the paragraph" "match 1 of 1"
quits "q quits"
h=$T/state/pith/history
if [ -f "$h" ] && grep -q "	$D/long.html	A long page\$" "$h"; then ok "the page is kept: address and title"
else not_ok "the page is kept: address and title" "$(cat "$h" 2>&1)"; fi
if awk -F '\t' '$1 ~ /^[0-9]+$/ && $2 > 0 { ok = 1 } END { exit !ok }' "$h"; then ok "with the time and the paragraph"
else not_ok "with the time and the paragraph" "$(cat "$h")"; fi

start 80 24 "$D/long.html"
check "read again, it resumes" "resumed where you left it"
if head -1 "$T/screen" | grep -q "Paragraph 30 begins"; then ok "at the paragraph where it was left"
else not_ok "at the paragraph where it was left" "$(head -3 "$T/screen")"; fi
keys g
check "g goes to the top" "A long page"
quits "q quits"

start 80 24 "$D/long.html"
check "left at the top, it opens at the top" "? for help"
check_not "and says nothing of resuming" "resumed"
keys o
check "o: prompt" "Open:"
keys C-u "$D/links.html" Enter
check "another page" "First page of links"
keys V
check "V lists the pages read" "2 pages read, the most recent first"
check "with their titles and addresses" "A long page"
keys j
check "j selects the next" "[2] "
keys Enter
check "Enter opens the page" "A long page"
check_gone "and leaves the list" "pages read"
quits "q quits"

run --history
expect_status "pith --history exits 0" 0
expect_out "pith --history lists the pages, the most recent first" "$D/long.html  A long page"
if head -1 "$T/out" | grep -q "long.html" && grep -q "links.html" "$T/out"; then
	ok "the last one read first"
else
	not_ok "the last one read first" "$(cat "$T/out")"
fi
if grep -Eq '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}  ' "$T/out"; then ok "each with its date"
else not_ok "each with its date" "$(cat "$T/out")"; fi

# Page data never reaches the terminal as it is.
printf '1700000000\t3\thttps://e.com/\tA \302\233title\033]0;x\n' >"$h"
run --history
if grep -q "$(printf '\033')" "$T/out" || grep -q "$(printf '\302\233')" "$T/out"; then
	not_ok "--history filters control characters" "$(od -c "$T/out" | head)"
else
	ok "--history filters control characters"
fi
# A history that cannot be read is said so.
rm -f "$h"
mkdir "$h"
run --history
expect_status "an unreadable history: exit 3" 3
expect_err "and why" "history"
