# tests/e2e/layers.sh - the program's layers (docs/design.md) keep their
# shape: every #include "..." in a layer's folder names a header of that
# folder or of a layer below it, never above, so no folder includes from
# a folder that includes from it.  The layers, top to bottom, are the
# Makefile's INCLUDES.
. tests/lib.sh

layers=$(sed -n 's/^INCLUDES *:= *//p' Makefile | sed 's/-I//g')

# check ROOT: one line per wrong arrow in the tree at ROOT, starting
# with the folder at fault.
check() {
	(cd "$1" || exit 1
	for d in $layers; do
		for f in "$d"/*.h; do
			[ -f "$f" ] && echo "H $d ${f##*/}"
		done
	done
	for d in $layers; do
		for f in "$d"/*.c "$d"/*.h; do
			[ -f "$f" ] || continue
			sed -n 's/^[ 	]*#[ 	]*include[ 	]*"\([^"]*\)".*/\1/p' "$f" |
			    while read -r h; do echo "I $d $f $h"; done
		done
	done) | awk -v layers="$layers" '
	BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) rank[l[i]] = i }
	$1 == "H" {
		if ($3 in home)
			print $2 ": " $3 " is also a header of " home[$3]
		home[$3] = $2
		next
	}
	!($4 in home) { print $2 ": " $3 " includes " $4 ", a header of no layer"; next }
	rank[home[$4]] < rank[$2] {
		print $2 ": " $3 " includes " $4 " from " home[$4] ", a layer above"
	}'
}

check . >"$T/wrong"
for d in $layers; do
	if grep -q "^$d: " "$T/wrong"; then
		not_ok "layers: $d includes only from itself and the layers below" \
		    "$(grep "^$d: " "$T/wrong")"
	else
		ok "layers: $d includes only from itself and the layers below"
	fi
done

# A folder of C that is no layer would escape the check.
others=$(find extract src ui -name '*.[ch]' | sed 's|/[^/]*$||' | sort -u |
    while read -r d; do
	case " $layers " in *" $d "*) ;; *) echo "$d" ;; esac
    done)
if [ -z "$others" ]; then
	ok "layers: every folder of C sources is a layer"
else
	not_ok "layers: every folder of C sources is a layer" "not in INCLUDES: $others"
fi

# readability-int.h is private to readability's files (extract/readability*.c).
outside=$(grep -rl --include='*.[ch]' '^#[ 	]*include[ 	]*"readability-int.h"' \
    extract src ui tools tests | grep -v '^extract/readability[^/]*\.c$')
if [ -z "$outside" ]; then
	ok "layers: only readability's files include readability-int.h"
else
	not_ok "layers: only readability's files include readability-int.h" "$outside"
fi

# The check itself finds an arrow going up: a service that includes the
# reader, a renderer that includes a service.
for d in $layers; do
	mkdir -p "$T/tree/$d"
	cp "$d"/*.[ch] "$T/tree/$d/"
done
echo '#include "reader.h"' >>"$T/tree/src/input.c"
echo '#include "util.h"' >>"$T/tree/ui/render/wrap.c"
check "$T/tree" >"$T/wrong"
if grep -q '^src: src/input.c includes reader.h from ui, a layer above' "$T/wrong" &&
    grep -q '^ui/render: ui/render/wrap.c includes util.h from src, a layer above' "$T/wrong"; then
	ok "layers: an include going up is found"
else
	not_ok "layers: an include going up is found" "$(cat "$T/wrong")"
fi
