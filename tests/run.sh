#!/bin/sh
# tests/run.sh BUILD: run every test against BUILD/pith and BUILD/tests/*,
# then print the total as "N passed, N failed".
b=${1:-build}
PITH=$(cd "$b" && pwd)/pith
export PITH
# The unit tests run in the environment the shell tests make for
# themselves: a scratch HOME, no user settings, a fixed locale.
. tests/lib.sh
# A sanitizer report must not pass for "no article" (exit 1): give it an
# exit status of its own.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"
# Leaks inside the libraries pith runs on, with why (tests/lsan.supp).
LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$(pwd)/tests/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS
log=$(mktemp) || exit 1
pass=0 fail=0 skip=0

# One program's TAP lines count; a program that dies without saying
# "not ok" (a sanitizer report, a crash) counts one failure more.  A
# skip ("# SKIP", whether cmocka says ok or not ok) is neither.  Each
# program's seconds show where the suite's time goes (CI has a budget).
count() {
	name=$1; shift
	t0=$(date +%s)
	"$@" >"$log" 2>&1
	st=$?
	secs=$(($(date +%s) - t0))
	s=$(grep -cE '^(not )?ok .*# SKIP' "$log")
	p=$(grep '^ok ' "$log" | grep -vc '# SKIP')
	f=$(grep '^not ok ' "$log" | grep -vc '# SKIP')
	if [ "$st" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "not ok - $name exited with status $st"
	fi
	grep -E '^(not ok|#)|# SKIP' "$log" | grep -v '^# ok' | sed "s|^|$name: |"
	if [ "$f" -gt 0 ]; then tail -n 20 "$log" | sed "s#^#$name| #"; fi
	sk=; [ "$s" -eq 0 ] || sk=", $s skipped"
	echo "$name: $p passed, $f failed$sk ($secs s)"
	pass=$((pass + p))
	fail=$((fail + f))
	skip=$((skip + s))
}

for t in "$b"/tests/test_*; do
	[ -x "$t" ] || continue
	CMOCKA_MESSAGE_OUTPUT=TAP count "$(basename "$t")" "$t"
done
for t in tests/e2e/*.sh; do
	count "$(basename "$t" .sh)" sh "$t"
done
# Generated hostile pages: limits, exit statuses, terminal safety.
for t in tests/hostile/*.sh; do
	[ -f "$t" ] || continue
	count "hostile/$(basename "$t" .sh)" sh "$t"
done
rm -f "$log"
sk=; [ "$skip" -eq 0 ] || sk=", $skip skipped"
echo "$pass passed, $fail failed$sk"
[ "$fail" -eq 0 ]
