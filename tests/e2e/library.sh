# tests/e2e/library.sh - make install / uninstall into a temporary DESTDIR
# and PREFIX: every file in place, libpith usable through pkg-config
# (examples/extract.c built against it, shared and static), only pith_*
# exported, and uninstall leaves nothing.  (It replaces install.sh.)
. tests/lib.sh

# make check's SAN=1 (make coverage's COVERAGE=1) reaches us through the
# environment: what is installed is the plain build, as a user would
# install it.
unset MAKEFLAGS MAKELEVEL MFLAGS SAN B COVERAGE
root=$T/root prefix=/opt/pith
P=$root$prefix
if make -s install DESTDIR="$root" PREFIX="$prefix" >"$T/log" 2>&1; then
	ok "install: make install succeeds"
else
	not_ok "install: make install succeeds" "$(tail -n 5 "$T/log")"
fi

version=$(sed -n 's/^#define PITH_VERSION "\(.*\)"/\1/p' extract/pith.h)
for f in bin/pith lib/libpith.a "lib/libpith.so.$version" include/pith.h \
    lib/pkgconfig/pith.pc share/man/man1/pith.1 share/man/man3/pith.3 \
    share/pith/themes/dark.theme share/bash-completion/completions/pith \
    share/zsh/site-functions/_pith; do
	if [ -f "$P/$f" ]; then ok "install: $f"
	else not_ok "install: $f" "not in $(cd "$root" && find . -type f | head -20)"; fi
done
# The soname link for the loader, the bare one for the linker.
if [ "$(readlink "$P/lib/libpith.so.0")" = "libpith.so.$version" ] &&
	[ "$(readlink "$P/lib/libpith.so")" = libpith.so.0 ]; then
	ok "install: libpith.so.0 and libpith.so links"
else
	not_ok "install: libpith.so.0 and libpith.so links" "$(ls -l "$P/lib")"
fi
if readelf -d "$P/lib/libpith.so.$version" | grep -q 'SONAME.*\[libpith\.so\.0\]'; then
	ok "library: soname libpith.so.0"
else
	not_ok "library: soname libpith.so.0" "$(readelf -d "$P/lib/libpith.so.$version" | grep SONAME)"
fi
if [ -x "$P/bin/pith" ] && "$P/bin/pith" --version | grep -q '^pith '; then
	ok "install: the installed binary runs"
else
	not_ok "install: the installed binary runs"
fi

# ---- the API: no gumbo, only pith_* exported
if grep '#include' "$P/include/pith.h" | grep -qv '<std'; then
	not_ok "api: pith.h includes only standard headers" "$(grep '#include' "$P/include/pith.h")"
elif grep -qi gumbo "$P/include/pith.h"; then
	not_ok "api: pith.h names no gumbo type" "$(grep -in gumbo "$P/include/pith.h")"
else
	ok "api: pith.h includes only standard headers, no gumbo"
fi
nm -D --defined-only "$P/lib/libpith.so.$version" | awk '{ print $NF }' >"$T/dyn"
bad=$(grep -v '^pith_' "$T/dyn")
if [ -s "$T/dyn" ] && [ -z "$bad" ]; then
	ok "library: the shared library exports only pith_* ($(wc -l <"$T/dyn") symbols)"
else
	not_ok "library: the shared library exports only pith_*" "$(echo "$bad" | head -10)"
fi
for s in guard_html err_set buf_put; do
	if grep -qx "$s" "$T/dyn"; then not_ok "library: $s not exported"
	else ok "library: $s not exported"; fi
done
# pith_debug.h is the program's own: not installed, its functions not
# exported, so they stay outside the ABI promise.
if [ ! -e "$P/include/pith_debug.h" ] &&
	! grep -qx -e pith_article_token_scores -e pith_site_hashes -e pith_doc_features "$T/dyn"; then
	ok "library: pith_debug.h neither installed nor exported"
else
	not_ok "library: pith_debug.h neither installed nor exported" "$(grep -e token_scores -e site_hashes -e doc_features "$T/dyn")"
fi
# The static library's one object: internals made local too.
bad=$(nm "$P/lib/libpith.a" | awk 'NF == 3 && $2 ~ /^[A-TV-Z]$/ { print $3 }' |
    grep -v '^pith_')
if [ -z "$bad" ]; then ok "library: the static library defines only pith_* globally"
else not_ok "library: the static library defines only pith_* globally" "$(echo "$bad" | head)"; fi
# Every function pith.h declares is exported.
missing=$(grep -oE 'PITH_API [^(]*[ *]pith_[a-z_0-9]+\(' "$P/include/pith.h" |
    grep -oE 'pith_[a-z_0-9]+\($' | tr -d '(' | while read -r f; do
	grep -qx "$f" "$T/dyn" || echo "$f"; done)
if [ -z "$missing" ]; then ok "library: every PITH_API function is exported"
else not_ok "library: every PITH_API function is exported" "$missing"; fi

# ---- pkg-config from the DESTDIR: the sysroot prefixes -I and -L.
PKG_CONFIG_PATH=$P/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs pith 2>"$T/err")
if [ "$(pkg-config --modversion pith)" = "$version" ] &&
	echo "$flags" | grep -qF -- "-I$P/include" &&
	echo "$flags" | grep -qF -- "-L$P/lib" && echo "$flags" | grep -q -- '-lpith'; then
	ok "pkg-config: version, -I, -L and -lpith"
else
	not_ok "pkg-config: version, -I, -L and -lpith" "$flags" "$(cat "$T/err")"
fi
static=$(pkg-config --static --libs pith)
if echo "$static" | grep -q -- -lgumbo && echo "$static" | grep -q -- -ljansson &&
	echo "$static" | grep -q -- -lunistring; then
	ok "pkg-config: --static adds gumbo, jansson and libunistring"
else
	not_ok "pkg-config: --static adds gumbo, jansson and libunistring" "$static"
fi

cc=${CC:-cc}
# pith_params is opaque: a program cannot allocate one, so a new
# parameter never changes what it was compiled against.
if echo '#include <pith.h>
int main(void) { pith_params p; (void)p; return 0; }' |
    $cc -std=c11 -x c -o "$T/opaque" - $flags >"$T/log" 2>&1; then
	not_ok "api: pith_params is opaque"
else
	ok "api: pith_params is opaque"
fi
# The header stands alone under strict C11, warnings as errors.
if $cc -std=c11 -pedantic -Wall -Wextra -Werror -o "$T/extract" \
    examples/extract.c $flags >"$T/log" 2>&1; then
	ok "example: builds with pkg-config --cflags --libs pith"
else
	not_ok "example: builds with pkg-config --cflags --libs pith" "$(head -5 "$T/log")"
fi
if command -v c++ >/dev/null 2>&1; then
	if echo '#include <pith.h>
int main() { pith_params *p = pith_params_new(); pith_params_free(p); return 0; }' |
	    c++ -x c++ -o "$T/cxx" - $flags >"$T/log" 2>&1; then
		ok "example: pith.h links from C++"
	else
		not_ok "example: pith.h links from C++" "$(head -5 "$T/log")"
	fi
fi

# check_run DESC BIN: BIN reads the sample and prints its title, then text.
check_run() {
	"$2" <sample/article.html >"$T/out" 2>"$T/err"
	st=$?
	if [ "$st" -eq 0 ] && [ "$(head -n 1 "$T/out")" = "Reading in Eighty Columns" ] &&
		grep -q 'reading on a computer meant reading in a terminal' "$T/out"; then
		ok "$1"
	else
		not_ok "$1" "status $st" "$(head -c 200 "$T/out")" "$(head -c 200 "$T/err")"
	fi
}
LD_LIBRARY_PATH=$P/lib
export LD_LIBRARY_PATH
check_run "example: runs against the shared library" "$T/extract"
# Parameters by name through the shared library; a bad one is an error.
"$T/extract" mss mss.tag=-1 <sample/article.html >"$T/out" 2>"$T/err"
st=$?
"$T/extract" mss nope=1 <sample/article.html >/dev/null 2>"$T/err2"
st2=$?
if [ "$st" -eq 0 ] && [ "$(head -n 1 "$T/out")" = "Reading in Eighty Columns" ] &&
	[ "$st2" -eq 2 ] && grep -qx "extract: unknown parameter 'nope'" "$T/err2"; then
	ok "example: parameters set by name through the shared library"
else
	not_ok "example: parameters set by name through the shared library" "status $st, $st2" \
	    "$(cat "$T/err" "$T/err2")"
fi
if readelf -d "$T/extract" 2>/dev/null | grep -q 'NEEDED.*libpith\.so\.0'; then
	ok "example: linked to libpith.so.0"
else
	not_ok "example: linked to libpith.so.0" "$(readelf -d "$T/extract" | grep NEEDED)"
fi
unset LD_LIBRARY_PATH

# Static: libpith.a by itself, its dependencies from --static.
deps=$(pkg-config --static --libs pith | sed 's/-lpith\( \|$\)//')
if $cc -std=c11 -o "$T/extract-static" examples/extract.c \
    $(pkg-config --cflags pith) -Wl,-Bstatic -lpith -Wl,-Bdynamic $deps \
    >"$T/log" 2>&1; then
	ok "example: links libpith.a statically"
else
	not_ok "example: links libpith.a statically" "$(head -5 "$T/log")"
fi
if readelf -d "$T/extract-static" 2>/dev/null | grep -q 'libpith'; then
	not_ok "example: the static build needs no libpith.so"
else
	ok "example: the static build needs no libpith.so"
fi
check_run "example: the static build runs" "$T/extract-static"
echo '<nav><a href="/">Home</a></nav>' >"$T/empty.html"
"$T/extract-static" <"$T/empty.html" >/dev/null 2>"$T/err"
st=$?
if [ "$st" -eq 1 ] && grep -q '^extract: ' "$T/err"; then
	ok "example: no article is status 1 with a message"
else
	not_ok "example: no article is status 1 with a message" "status $st" "$(cat "$T/err")"
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# ---- uninstall: nothing left, not even a link; themes someone added stay.
echo 'text = red black' >"$P/share/pith/themes/mine.theme"
make -s uninstall DESTDIR="$root" PREFIX="$prefix" >"$T/log" 2>&1
left=$(cd "$root" && find . ! -type d)
if [ "$left" = "./opt/pith/share/pith/themes/mine.theme" ]; then
	ok "uninstall: removes every installed file and link, and only those"
else
	not_ok "uninstall: removes every installed file and link, and only those" "$left"
fi
