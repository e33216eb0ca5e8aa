# tests/e2e/reader-stop.sh - a key stops a long layout: q quits at once,
# not after it; Esc shows what was laid out, and Ctrl-L lays out the rest;
# a resize during a layout is laid out after it; the answer to a question
# is not taken for a key that stops a layout; a layout ends at its most
# lines, and says so (tests/tmux.sh drives it).
. tests/lib.sh
. tests/tmux.sh

# page LINES FILE: an article whose layout is LINES lines of a <pre>,
# each a step of the layout, after a paragraph that is one line at 80
# columns up to the word MARKER (past column 50); the last line says so.
page() {
	python3 - "$1" >"$2" <<'EOP'
import sys
sys.stdout.write(
    '<html><head><title>A long page</title></head><body><article>'
    '<h1>A long page</h1><p>Its first paragraph is one line at eighty '
    'columns, up to the word MARKER near its end.</p><pre>' +
    "".join("line %d\n" % i for i in range(int(sys.argv[1]))) +
    'the very last line</pre></article></body></html>')
EOP
}

# A layout looks at the keys every 1,024 lines.  Pages big enough to take
# long in every build are what the layout's bounds forbid (a table's grid
# in proportion to its text), so these take long by their looks at the
# keys: PITH_TEST_LAYOUT_PAUSE makes each one wait (tests/tmux.sh).

# ---- q while the page is laid out: 60 looks of 1 s each, a minute of
# layout; q must end pith within wait_exit's 10 s.
page 60000 "$T/long.html"
layout_pause=1000 start 80 24 "$T/long.html"
check "a long page: loading shows" "loading"
keys q
wait_exit
if [ "$status" = 0 ]; then ok "q stops the layout and quits"
else not_ok "q stops the layout and quits" "status $status" "$(cat "$T/screen")"; fi

# ---- A resize while the page is laid out: the layout goes on to its end
# (20 looks of 0.15 s), and then the page is laid out again at the new
# width, where "MARKER near its end" is on one line (at 80 columns a line
# ends after "near").
page 20000 "$T/mid.html"
layout_pause=150 start 80 24 "$T/mid.html"
check "a page being laid out" "loading"
tm resize-window -t pith -x 50 -y 24
check "laid out again at the new width after the layout" "MARKER near its end"
quits "q after the resize"

# ---- A question's answer is its own: a resize under "overwrite it?"
# lays the page out again, and the keys it looks at are the answer's: q
# there is no answer (the question stays), not quit.
page 20000 "$T/mid.html"
: >"$T/saved/a-long-page.txt"
layout_pause=150 start 80 24 "$T/mid.html"
check "the page open" "MARKER"
keys s
check "s offers a file" "Save text to:"
keys Enter
check "the file exists: a question" "overwrite it? (y/n)"
tm resize-window -t pith -x 70 -y 24
sleep 0.5
keys q
sleep 3
if [ ! -f "$T/status" ] && shows "overwrite it? (y/n"; then ok "q under a resize's layout: the question stays"
else not_ok "q under a resize's layout: the question stays" "status $(cat "$T/status" 2>/dev/null)" "$(cat "$T/screen")"; fi
keys n
check "n answers it" "not saved: "
if [ ! -s "$T/saved/a-long-page.txt" ]; then ok "the file is as it was"
else not_ok "the file is as it was" "$(head -3 "$T/saved/a-long-page.txt")"; fi
quits "q after the question"

# ---- Esc: the overlay laid out in part, then whole with Ctrl-L.  d and
# Esc go in one write, so Esc waits at the layout's first look at the
# keys (1,024 lines in; 3,000 are many more), however fast the machine.
page 3000 "$T/short.html"
start 80 24 "$T/short.html"
check "a shorter page opens" "MARKER"
keys d Escape
check "Esc stops the overlay's layout and says so" "[overlay] [in part]"
keys G
check "G: the end of what is laid out" "100%"
check_not "the end of the page is not laid out" "the very last line"
# Keys other than q, Esc and Ctrl-C are dropped while the page is laid
# out: the next G waits for the layout's end, when the place moves up.
keys C-l
check_gone "Ctrl-L lays the page out whole" "[in part]"
keys G
check "the end of the page is there" "the very last line"
keys q
check "q leaves the overlay" "article"
quits "q after Ctrl-L"

# ---- More lines than a layout takes (LAYOUT_MAX_LINES, 2^20): the first
# ones are shown, and the message line says so.
python3 -c 'import sys; sys.stdout.write("<html><head><title>Lines</title></head><body><h1>Lines</h1><p>Some words of a paragraph to start the page.</p><pre>" + "x\n" * 1100000 + "the very last line</pre></body></html>")' >"$T/many.html"
start 80 24 "$T/many.html"
check "a page of 1,100,000 lines: the first 2^20, and a message says so" \
    "the page is too long: its first 1048576 lines are shown"
keys G
check "G: the last line laid out" "100%"
check_not "the page's end is not laid out" "the very last line"
quits "q after it"
