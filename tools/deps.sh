#!/bin/sh
# tools/deps.sh - install the Debian packages pith needs to build and test
# (and for make analyze and make coverage).
# As root it runs apt-get; otherwise it prints the command and stops.
pkgs="gcc make pkg-config libgumbo-dev libcurl4-openssl-dev libncurses-dev
libunistring-dev libjansson-dev libuchardet-dev zlib1g-dev libcmocka-dev
libfribidi-dev libhyphen-dev hyphen-en-us hyphen-de
python3 ca-certificates tmux parallel
clang libclang-rt-14-dev
clang-tools cppcheck gcovr
mailcap zsh"

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "pith: not a Debian system; install the equivalents of:" $pkgs >&2
	exit 1
fi
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "pith: missing packages; run:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y$missing" >&2
	exit 1
fi
echo "pith: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists may be absent or stale on a fresh machine.
apt-get update -qq >/dev/null &&
	apt-get install -y -qq --no-install-recommends $missing >/dev/null ||
	{ echo "pith: apt-get failed; try: apt-get install$missing" >&2; exit 1; }
