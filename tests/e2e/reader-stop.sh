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
# end.  Builds differ twentyfold in speed (plain, sanitized, with
# coverage's counters), so the page is sized by this build: a grid of
# 1,000 rows is laid out first (its parse and extraction are a twentieth
# of it), and the long page has the rows for 40 s of layout; q must end
# pith within wait_exit's 10 s.
grid 1000 "$T/probe.html"
t0=$(date +%s.%N)
start 80 24 "$T/probe.html"
check "a grid of 1,000 rows opens" "column 000"
t1=$(date +%s.%N)
quits "q after it"
long_rows=$(awk -v a="$t0" -v b="$t1" 'BEGIN { r = int(1000 * 40 / (b - a))
    if (r < 10000) r = 10000
    if (r > 300000) r = 300000
    print r }')
grid "$long_rows" "$T/long.html"
start 80 24 "$T/long.html"
check "a long page: loading shows" "loading"
keys q
wait_exit
echo "# $long_rows rows"
if [ "$status" = 0 ]; then ok "q stops the layout and quits"
else not_ok "q stops the layout and quits" "status $status, $long_rows rows" "$(cat "$T/screen")"; fi

# ---- Esc: the overlay laid out in part, then whole with Ctrl-L.  d and
# Esc go in one write, so Esc waits at the layout's first look at the
# keys (1,024 steps in; 1,500 rows are many more), however fast the
# machine.
grid 1500 "$T/short.html"
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
