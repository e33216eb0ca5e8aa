# tests/e2e/reader-prompts.sh - the prompts edit like readline, recall
# earlier entries across runs, and o offers the current address; driven
# for real in tmux.
. tests/lib.sh
. tests/tmux.sh

keep_state=1
rm -rf "$T/state"
mkdir "$T/p"
cp "$D"/links.html "$D"/second.html "$D"/long.html "$T/p/"
D=$T/p

# ---- o: the current address, to edit
start 160 24 "$D/links.html"
check "prompts: page open" "First page of links"
keys o
check "o offers the current address" "Open: $D/links.html"
keys C-w
check "Ctrl-W deletes the last part of the path" "Open: $D/"
check_not "and only it" "Open: $D/links"
keys "second.html" Enter
check "the edited address opens" "The second page"
keys o C-u "example.invalid/story" Enter
# Its failure (no such host), not "loading": a q while it loads cancels
# the load instead of quitting.
check "a bare host is tried as https://" "https://example.invalid/story: "
quits "q quits"

# ---- moving and deleting inside the line
start 80 24 "$D/long.html"
check "search prompt: page open" "A long page"
keys / "ebra" Home z Enter
check "Home, then typing at the start" "match 1 of 1"
keys / "zebraXX" Left Left C-k Enter
check "Ctrl-K deletes to the end" "match 1 of 1"
check_not "(not the XX)" "not found"
keys / "zzebra" Home Delete Enter
check "Delete deletes at the cursor" "match 1 of 1"
keys / "junk" C-u "zebr" C-a C-e a Enter
check "Ctrl-U, Ctrl-A, Ctrl-E" "match 1 of 1"
keys / "zebra crossinX" BSpace g Left Left Left Left Left Left Left Left Left Right Enter
check "Left, Right, Backspace" "match 1 of 1"
keys / "nothing here" Enter
check "a search that fails" "not found: nothing here"

# ---- Up and Down: earlier entries, this run and the next
keys / Up
check "Up recalls the last entry" "/nothing here"
keys Up
check "Up again, an earlier one" "/zebra crossing"
keys Down
check "Down back to the most recent" "/nothing here"
keys Down
check_gone "Down past it: what was typed (nothing)" "/nothing here"
keys Escape
quits "q quits"
start 80 24 "$D/long.html"
check "another run: page open" "long.html"
keys / Up
check "Up recalls what an earlier run typed" "/nothing here"
keys Escape o Up
check "each prompt its own entries" "Open: example.invalid/story"
keys Escape
quits "q quits"
if [ -f "$T/state/pith/prompt-search" ] && head -1 "$T/state/pith/prompt-search" | grep -qx "nothing here"; then
	ok "entries are kept in \$XDG_STATE_HOME/pith"
else
	not_ok "entries are kept in \$XDG_STATE_HOME/pith" "$(ls -l "$T/state/pith" 2>&1)"
fi
