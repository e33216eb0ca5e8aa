# tests/lib.sh - what the shell tests share.  Each test prints a TAP line
# ("ok N - what" or "not ok N - what"); tests/run.sh counts them.
# PITH is the binary under test; T a scratch directory removed on exit.

: "${PITH:?PITH must name the pith binary}"
T=$(mktemp -d) || exit 1
T_REAL=$T
trap 'rm -rf "$T" "$T_REAL"' EXIT
# Fetched pages are cached: never in the real cache.
XDG_CACHE_HOME=$T/cache
export XDG_CACHE_HOME
# The reader's history and prompt entries: never into the real ones.
XDG_STATE_HOME=$T/state
export XDG_STATE_HOME
# Pages with a host are learned (-a site): never into the real store.
XDG_DATA_HOME=$T/data
export XDG_DATA_HOME
# Tests reach 127.0.0.1 only: never through a proxy the machine set.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY \
    no_proxy NO_PROXY
# Nothing else of the machine's either: not the user's settings, locale,
# terminal size (curses reads COLUMNS and LINES) or colour wishes.
HOME=$T/home XDG_CONFIG_HOME=$T/config LC_ALL=C.UTF-8
mkdir -p "$HOME"
export HOME XDG_CONFIG_HOME LC_ALL
unset LANG LANGUAGE COLUMNS LINES NO_COLOR TERMINFO TERMINFO_DIRS TMUX \
    XDG_DATA_DIRS
n=0
here=$(cd "$(dirname "$0")" && pwd)

# short_tmp: from here on $T is /tmp/pith-test-PID, a link to the scratch
# directory, for what must hold its paths whole however deep TMPDIR is: a
# screen line, a tmux socket's 107 bytes.  Traps remove "$T" "$T_REAL".
short_tmp() {
	rm -f "/tmp/pith-test-$$"
	ln -s "$T_REAL" "/tmp/pith-test-$$" || exit 1
	T=/tmp/pith-test-$$
}

ok() { n=$((n + 1)); echo "ok $n - $1"; }

# poll CMD...: run CMD every 0.05 s until it succeeds, 10 s at most: how
# a test waits for a condition, never for a fixed time.  Its status.
poll() {
	poll_i=0
	until "$@"; do
		[ "$poll_i" -lt 200 ] || return 1
		sleep 0.05
		poll_i=$((poll_i + 1))
	done
}
not_ok() {
	n=$((n + 1)); echo "not ok $n - $1"
	shift; for l in "$@"; do printf '#   %s\n' "$l"; done
}

# run ARGS...: run pith with a time limit; sets $status, $T/out and $T/err.
run() {
	timeout 20 "$PITH" "$@" >"$T/out" 2>"$T/err" </dev/null
	status=$?
}

# run_in FILE ARGS...: the same with FILE on standard input.
run_in() {
	f=$1; shift
	timeout 20 "$PITH" "$@" <"$f" >"$T/out" 2>"$T/err"
	status=$?
}

# expect_status DESC N: the last run exited with N.
expect_status() {
	if [ "$status" -eq "$2" ]; then ok "$1"
	else not_ok "$1" "exit status $status, expected $2" "stderr: $(head -c 300 "$T/err")"; fi
}

# expect_out DESC TEXT / expect_no_out DESC TEXT: fixed text in stdout.
expect_out() {
	if grep -qF -- "$2" "$T/out"; then ok "$1"
	else not_ok "$1" "missing: $2" "stdout: $(head -c 300 "$T/out")"; fi
}
expect_no_out() {
	if grep -qF -- "$2" "$T/out"; then not_ok "$1" "unexpected: $2"
	else ok "$1"; fi
}
expect_err() {
	if grep -qF -- "$2" "$T/err"; then ok "$1"
	else not_ok "$1" "stderr lacks: $2" "stderr: $(head -c 300 "$T/err")"; fi
}
