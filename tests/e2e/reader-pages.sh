# tests/e2e/reader-pages.sh - how the reader shows pages a demanding user
# opens: tables, text files, images in sentences, headers, and the
# overlay of a page with no article (tests/tmux.sh drives it).
. tests/lib.sh
. tests/tmux.sh

# ---- the overlay says why nothing was kept, and how to make a template
start 80 24 "$D/index.html"
check "index: page open" "no article found"
keys d
check "the overlay counts the blocks" "kept 0 of 4 blocks"
check "the overlay says why nothing was kept" "no article: the page is mostly links (an index?)"
keys d
presses=$("$PITH" --list-algorithms | awk '{ name[NR] = $1 }
	$1 == "auto" { a = NR } $1 == "template" { t = NR }
	END { print (t - a + NR) % NR }')
while [ "$presses" -gt 0 ]; do keys a; presses=$((presses - 1)); done
check "template without a template: no article" "template: no article found"
keys d
check "the overlay says a template is needed" "no template for this page"
check "and how to make one" "m makes the site's template from the block at the top"
keys d
quits "q after the index"
