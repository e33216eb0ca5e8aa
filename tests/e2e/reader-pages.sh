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

# ---- tables: colspan, rowspan, a cell's text wrapped in its column,
# header cells strong, a link's number in its own cell
for cols in 80 50; do
	start "$cols" 24 "$D/table.html"
	check "table at $cols: page open" "New Zealand facts"
	check "table at $cols: a link's number stays in its cell" \
	    "Demonym(s)[1] $(printf '\342\224\202') New Zealander[2]"
	screen
	# The text before each bar is ASCII: bytes are columns.
	bars=$(grep "$(printf '\342\224\202')" "$T/screen" |
	    awk -v bar="$(printf '\342\224\202')" '{ print index($0, bar) }' | sort -u)
	if [ "$(echo "$bars" | wc -l)" -eq 1 ] && [ "$bars" -lt 20 ]; then
		ok "table at $cols: every row's bar in one column, a spanning header not in it"
	else
		not_ok "table at $cols: every row's bar in one column, a spanning header not in it" \
		    "bar columns: $bars" "$(cat "$T/screen")"
	fi
	if grep -Eq "^ +$(printf '\342\224\202') M$(printf '\304\201')ori" "$T/screen"; then
		ok "table at $cols: rowspan leaves its column to the cell above"
	else
		not_ok "table at $cols: rowspan leaves its column to the cell above" "$(cat "$T/screen")"
	fi
	if grep -Eq "^ +$(printf '\342\224\202') [a-z]" "$T/screen"; then
		ok "table at $cols: a long cell wraps inside its column"
	else
		not_ok "table at $cols: a long cell wraps inside its column" "$(cat "$T/screen")"
	fi
	fits "table at $cols: every line fits" "$cols"
	screen_e
	if grep -Eq "$(printf '\033')\[([0-9]+;)*1mCapital" "$T/screen"; then
		ok "table at $cols: th cells are strong"
	else
		not_ok "table at $cols: th cells are strong" "$(grep Capital "$T/screen" | cat -v)"
	fi
	quits "q after the table at $cols"
done

# ---- an image inside a sentence shows its alt text in place
start 100 24 "$D/images.html"
check "images: page open" "Images in sentences"
check "an image in a sentence shows as [image: alt], in place" \
    "middle of it, [image: a red fox] running"
check "an image with no alt text in a sentence shows as [image]" \
    "description [image], all of it"
quits "q after the images"

# ---- the header: the title without the site's name, an author who is
# the site once, the date as people write it
start 100 24 "$D/header.html"
check "header: page open" "Rain in Spain"
check_not "header: the site's name is cut from the title" "Rain in Spain - Wikipedia"
check "header: author and site once, the date as a date" \
    "BBC News $(printf '\302\267') 17 Mar 2015 $(printf '\302\267') 1 min read"
quits "q after the header"

# ---- a missing save_dir is made (private) and the message says so
printf 'save_dir = %s/new/articles\n' "$T" >"$T/cfg/pith/config"
start 80 24 "$D/long.html"
check "save_dir: page open" "A long page"
keys s
check "s offers the save directory" "Save text to: $T/new/articles/a-long-page.txt"
keys Enter
check "a missing save directory is made, and said" "created $T/new/articles; saved"
if [ -f "$T/new/articles/a-long-page.txt" ] &&
    [ "$(stat -c %a "$T/new/articles")" = 700 ] && [ "$(stat -c %a "$T/new")" = 700 ]; then
	ok "the file is saved, the new folders private"
else
	not_ok "the file is saved, the new folders private" "$(ls -la "$T/new" "$T/new/articles" 2>&1)"
fi
quits "q after saving into a new directory"
printf 'save_dir = %s/saved\n' "$T" >"$T/cfg/pith/config"

# ---- a text file is text: a saved article opened again keeps its lines
start 80 24 "$D/long.html"
check "text: page open" "A long page"
keys s Enter
check "text: saved" "saved $T/saved/a-long-page.txt"
# o offers the current address: C-u clears it first.
keys o C-u "$T/saved/a-long-page.txt" Enter
check "o opens the saved text" "a-long-page.txt  "
keys / "Paragraph 2 begins" Enter
check "text: the second paragraph" "match 1 of 1"
# Its own line, the first paragraph's last line above it, not run into it.
if grep -B2 "^ *Paragraph 2 begins" "$T/screen" | grep -q "^ *$"; then
	ok "a text file keeps its line breaks"
else
	not_ok "a text file keeps its line breaks" "$(cat "$T/screen")"
fi
quits "q after a text file"
