# tests/e2e/reader-keys.sh - the reader's keys as a demanding user
# presses them: counts, q and Esc in the overlay, Ctrl-C, and what the
# status line, help and themes show (tests/tmux.sh drives it).
. tests/lib.sh
. tests/tmux.sh

# ---- a count before a key repeats it; Backspace edits the count
start 80 24 "$D/long.html"
check "count: page open" "A long page"
screen
cp "$T/screen" "$T/first"
keys 5 j
if poll top_is "$(sed -n 6p "$T/first")"; then ok "5j moves five lines"
else not_ok "5j moves five lines" "$(head -2 "$T/screen")" "want: $(sed -n 6p "$T/first")"; fi
keys g
poll top_is "$(head -1 "$T/first")" || true
keys 3 5
check "a count says what it does" "35: Enter follows link [35]"
keys BSpace
check "Backspace takes back a digit" "3: Enter follows link [3]"
keys j
if poll top_is "$(sed -n 4p "$T/first")"; then ok "the edited count repeats: 3 lines"
else not_ok "the edited count repeats: 3 lines" "$(head -2 "$T/screen")"; fi
keys 7 BSpace
check_gone "Backspace past the first digit forgets the count" "Enter follows link"
keys j
if poll top_is "$(sed -n 5p "$T/first")"; then ok "then j moves one line"
else not_ok "then j moves one line" "$(head -2 "$T/screen")"; fi
quits "q after counts"

# ---- q and Esc leave the overlay, not pith
start 80 24 "$D/long.html"
check "overlay: page open" "A long page"
keys d
check "d opens the overlay" "[overlay]"
keys q
check_gone "q leaves the overlay" "[overlay]"
check "q returns to the article" "Test Author"
keys d
check "d again" "[overlay]"
keys Escape
check_gone "Esc leaves the overlay" "[overlay]"
keys '?'
check "help open" "select the next, previous link"
keys Escape
check_gone "Esc leaves help" "select the next, previous link"
quits "then q quits with 0"

# ---- Ctrl-C: cancels a prompt; at the top it quits with 130
start 80 24 "$D/long.html"
check "Ctrl-C: page open" "A long page"
keys s
check "s asks for a path" "Save text to:"
keys C-c
check "Ctrl-C cancels the prompt" "not saved"
keys /
check "/ asks for a search" "/"
keys abc C-c
check_gone "Ctrl-C cancels the search" "/abc"
keys G
check "the reader is still there" "100%"
keys C-c
wait_exit
if [ "$status" = 130 ] && [ ! -s "$T/stderr" ]; then ok "Ctrl-C at the top quits with 130"
else not_ok "Ctrl-C at the top quits with 130" "status $status" "$(cat "$T/stderr")"; fi

# ---- the status line cuts a long address in the middle
long=https://news.example.org/2024/03/world/europe/a-rather-long-section-name/the-story.html
start 80 24 -u "$long" "$D/story.html"
check "status: page open" "The river rose"
check "a long address keeps its end" "/the-story.html"
check "and its host" "https://news.example.org/"
fits "the status line fits" 80
quits "q after a long address"

# ---- themes: light brings its own background; help fits 40 columns
start 40 24 --theme light "$D/long.html"
check "light: page open" "A long page"
screen_e
if head -1 "$T/screen" | grep -q "$(printf '\033')\[[0-9;]*48;5;231m"; then
	ok "the light theme sets its own background"
else
	not_ok "the light theme sets its own background" "$(head -1 "$T/screen" | cat -v)"
fi
quits "q after light"

start 40 150 "$D/long.html"
check "help at 40: page open" "A long page"
keys '?'
check "help at 40 columns" "one line down"
check "words that wrap stay under their column" "was kept"
fits "help fits 40 columns" 40
# Words start indented, under their keys or their column, never at the
# left edge where the section titles are.
if head -n 148 "$T/screen" | grep -q '^ [a-z]'; then
	not_ok "help's words never wrap to the left edge" "$(grep -n '^ [a-z]' "$T/screen")"
else
	ok "help's words never wrap to the left edge"
fi
keys q
check_gone "q closes help" "one line down"
quits "q after help"

# ---- Ctrl-Z stops pith as in a shell; fg brings the screen back.  The
# shell runs with job control (set -m), as an interactive one does.
tm kill-server 2>/dev/null
rm -f "$T/status" "$T/stopped"
{
	echo "export TERM=xterm-256color LANG=C.UTF-8 HOME='$T/home' XDG_CONFIG_HOME='$T/cfg'"
	echo "set -m"
	echo "'$PITH' '$D/long.html' 2>'$T/stderr'"
	echo "st=\$?"
	echo "if [ \$st -gt 128 ]; then : >'$T/stopped'; fg; st=\$?; fi"
	echo "echo \$st >'$T/status.tmp' && mv '$T/status.tmp' '$T/status'"
} >"$T/run.sh"
tm new-session -d -s pith -x 80 -y 24 "sh '$T/run.sh'"
check "Ctrl-Z: page open" "A long page"
keys C-z
if poll test -f "$T/stopped"; then ok "Ctrl-Z stops pith"
else not_ok "Ctrl-Z stops pith" "$(cat "$T/screen")"; fi
keys G
check "fg: it reads keys again" "100%"
quits "q after Ctrl-Z"
