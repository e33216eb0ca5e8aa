# tests/e2e/install.sh - make install and uninstall honour DESTDIR and PREFIX.
. tests/lib.sh

unset MAKEFLAGS MAKELEVEL MFLAGS
if make -s install DESTDIR="$T/root" PREFIX=/opt/pith >"$T/log" 2>&1; then
	ok "install: make install succeeds"
else
	not_ok "install: make install succeeds" "$(tail -n 5 "$T/log")"
fi
for f in bin/pith share/man/man1/pith.1; do
	if [ -f "$T/root/opt/pith/$f" ]; then ok "install: $f"
	else not_ok "install: $f" "not in $(cd "$T/root" && find . | head -20)"; fi
done
if [ -x "$T/root/opt/pith/bin/pith" ] &&
	"$T/root/opt/pith/bin/pith" --version | grep -q '^pith '; then
	ok "install: the installed binary runs"
else
	not_ok "install: the installed binary runs"
fi
make -s uninstall DESTDIR="$T/root" PREFIX=/opt/pith >"$T/log" 2>&1
left=$(find "$T/root" -type f | wc -l)
if [ "$left" -eq 0 ]; then ok "uninstall: removes every installed file"
else not_ok "uninstall: removes every installed file" "$(find "$T/root" -type f)"; fi
