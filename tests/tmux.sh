# tests/tmux.sh - driving the reader for real in tmux, for the reader's
# tests (tests/e2e/reader*.sh): keys go in with send-keys, the screen
# comes back with capture-pane.  Waits poll the screen against a
# deadline instead of sleeping a fixed time.  Sourced after tests/lib.sh;
# a test file without tmux exits at once with a skip.

if ! command -v tmux >/dev/null 2>&1; then
	echo "ok 1 - # SKIP tmux not installed"
	exit 0
fi

D=$here/data/reader
short_tmp
sock=$T/tmux.sock
trap 'tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$T" "$T_REAL"' EXIT
mkdir -p "$T/cfg/pith" "$T/saved" "$T/home"
printf 'save_dir = %s/saved\n' "$T" >"$T/cfg/pith/config"

tm() { tmux -f /dev/null -S "$sock" "$@"; }

# start COLS ROWS ARGS...: pith in a fresh detached session, its own
# settings and home, in the fixtures' folder so that pages go by short
# names (what the screen shows must not depend on where the checkout
# is); its exit status lands in $T/status.
start() {
	cols=$1 rows=$2
	shift 2
	tm kill-server 2>/dev/null
	rm -f "$T/status" "$T/stderr"
	# Each run starts with no history (no page resumes where an
	# earlier test left it) unless the test sets keep_state.
	[ -n "${keep_state:-}" ] || rm -rf "$T/state"
	{
		echo "export TERM=xterm-256color LANG=C.UTF-8 HOME='$T/home'"
		echo "export XDG_CONFIG_HOME='$T/cfg' XDG_DATA_DIRS='$T/none'"
		echo "export XDG_STATE_HOME='$T/state' XDG_CACHE_HOME='$T/cache'"
		# A test's long layouts (reader-stop.sh): each look at the
		# keys during a layout takes this many ms.
		[ -z "${layout_pause:-}" ] ||
			echo "export PITH_TEST_LAYOUT_PAUSE='$layout_pause'"
		echo "cd '$D' || exit"
		printf "'%s'" "$PITH"
		for a in "$@"; do printf " '%s'" "$a"; done
		echo " 2>'$T/stderr'"
		echo "echo \$? >'$T/status.tmp' && mv '$T/status.tmp' '$T/status'"
	} >"$T/run.sh"
	tm new-session -d -s pith -x "$cols" -y "$rows" "sh '$T/run.sh'"
}

keys() { tm send-keys -t pith "$@"; }
screen() { tm capture-pane -p -t pith >"$T/screen" 2>/dev/null; }
screen_e() { tm capture-pane -e -p -t pith >"$T/screen" 2>/dev/null; }

# shows TEXT / lacks TEXT: the screen, captured now, shows TEXT or not.
shows() { screen; grep -qF -- "$1" "$T/screen"; }
lacks() { ! shows "$1"; }

# top_is TEXT / top_has REGEX: the first row, captured now, is TEXT or
# matches REGEX.
top_is() { screen; [ "$(head -1 "$T/screen")" = "$1" ]; }
top_has() { screen; head -1 "$T/screen" | grep -qE -- "$1"; }

# wait_for TEXT: until the screen shows TEXT (10 s at most).
wait_for() { poll shows "$1"; }

# wait_exit: until pith has exited; sets $status.
wait_exit() {
	poll test -f "$T/status"
	status=$(cat "$T/status" 2>/dev/null || echo none)
}

# check DESC TEXT: the screen shows TEXT.
check() {
	if wait_for "$2"; then ok "$1"
	else not_ok "$1" "screen lacks: $2" "$(cat "$T/screen")"; fi
}

# check_gone DESC TEXT: the screen stops showing TEXT (10 s at most): for
# what a key takes away, which "now" would race.
check_gone() {
	if poll lacks "$2"; then ok "$1"
	else not_ok "$1" "screen still shows: $2" "$(cat "$T/screen")"; fi
}

# check_not DESC TEXT: the screen does not show TEXT (now).
check_not() {
	screen
	if grep -qF -- "$2" "$T/screen"; then not_ok "$1" "screen shows: $2"
	else ok "$1"; fi
}

# widths: the display widths of the screen's lines, one per line.
widths() {
	python3 -c 'import sys, unicodedata
def w(s):
    n = 0
    for c in s:
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
            continue
        n += 2 if unicodedata.east_asian_width(c) in "WF" else 1
    return n
for line in open(sys.argv[1], encoding="utf-8").read().split("\n"):
    print(w(line), len(line) - len(line.lstrip(" ")))' "$T/screen"
}

# fits DESC COLS [ROWS]: no line of the screen (of its first ROWS) is
# wider than COLS.
fits() {
	widest=$(widths | awk -v rows="${3:-9999}" 'NR <= rows && $1 > m { m = $1 } END { print m + 0 }')
	if [ "$widest" -le "$2" ]; then ok "$1"
	else not_ok "$1" "widest line $widest > $2" "$(cat "$T/screen")"; fi
}

# quits DESC [STDERR]: q ends pith with status 0 and nothing on stderr
# (or just STDERR).
quits() {
	keys q
	wait_exit
	if [ "$status" = 0 ] && { [ ! -s "$T/stderr" ] ||
	    [ "$(cat "$T/stderr")" = "${2:-}" ]; }; then ok "$1"
	else not_ok "$1" "status $status" "stderr: $(head -c 600 "$T/stderr" 2>/dev/null)"; fi
}

