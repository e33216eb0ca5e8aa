# tests/e2e/reader-stop.sh - a key stops a long layout: q quits at once,
# not after it; Esc shows what was laid out, and Ctrl-L lays out the rest
# (tests/tmux.sh drives it).
. tests/lib.sh
. tests/tmux.sh

# grid ROWS FILE: a page whose layout is long for its size: its table's
# first row makes 256 columns, and that row's last cell reaches down
# every row, so each row of one short cell is drawn across all of them
# (3 KB of line); the last row says so.
grid() {
	python3 - "$1" >"$2" <<'EOF'
import sys
rows = int(sys.argv[1])
sys.stdout.write(
    '<html><head><title>A wide grid</title></head><body><article>'
    '<h1>A wide grid</h1><p>The grid below has a column for every cell of its '
    'first row, and its last cell reaches down every row, so each row is drawn '
    'across all of them.</p><table><tr>' +
    "".join("<td>column %03d</td>" % i for i in range(255)) +
    "<td rowspan=0>the last</td></tr>" + "<tr><td>x</td></tr>" * rows +
    "<tr><td>the very last row</td></tr></table></article></body></html>")
EOF
}

# ---- q while the page is laid out: pith quits well before the layout's
# end.  Sanitized, this layout takes 25 s (140 us a row) and its parse
# under a second; q must end pith within wait_exit's 10 s.
grid 180000 "$T/long.html"
start 80 24 "$T/long.html"
check "a long page: loading shows" "loading"
keys q
wait_exit
if [ "$status" = 0 ]; then ok "q stops the layout and quits"
else not_ok "q stops the layout and quits" "status $status" "$(cat "$T/screen")"; fi

# ---- Esc: the overlay laid out in part, then whole with Ctrl-L.  d and
# Esc go in one write, so Esc waits at the layout's first look at the
# keys, however fast the machine.
grid 3000 "$T/short.html"
start 80 24 "$T/short.html"
check "a shorter page opens" "column 000"
keys d Escape
check "Esc stops the overlay's layout and says so" "[overlay] [in part]"
keys G
check "G: the end of what is laid out" "100%"
check_not "the end of the table is not laid out" "the very last row"
# Keys other than q, Esc and Ctrl-C are dropped while the page is laid
# out: the next G waits for the layout's end, when the place moves up.
keys C-l
check_gone "Ctrl-L lays the page out whole" "[in part]"
keys G
check "the end of the table is there" "the very last row"
keys q
check "q leaves the overlay" "article"
quits "q after Ctrl-L"
