# tests/e2e/reader-bidi.sh - right-to-left text in the reader, driven for
# real in tmux (which, like xterm, shows cells in the order it gets
# them): Hebrew and Arabic lines in visual order and flush with the
# column's right edge, an English name and a number inside a Hebrew
# sentence left to right, search on such lines, and --bidi off for the
# terminals that reorder by themselves.
. tests/lib.sh
. tests/tmux.sh

mkdir "$T/p"
cp tests/pages/rtl-mixed.html tests/pages/rtl-nodir.html tests/pages/arabic.html "$T/p/"
D=$T/p

# right_edge TEXT: the display width of the screen's first row holding
# TEXT, its trailing blanks cut: the column its last character is in.
right_edge() {
	python3 -c 'import sys, unicodedata
def w(s):
    return sum(0 if unicodedata.combining(c) else 1 for c in s)
for line in open(sys.argv[1], encoding="utf-8").read().split("\n"):
    if sys.argv[2] in line:
        print(w(line.rstrip(" ")))
        break' "$T/screen" "$1"
}

# at_right DESC TEXT COL: the row showing TEXT ends at column COL.
at_right() {
	screen
	e=$(right_edge "$2")
	if [ "$e" = "$3" ]; then ok "$1"
	else not_ok "$1" "ends at column '$e', not $3" "$(cat "$T/screen")"; fi
}

# Worked out by hand (UAX #9): the sentence is "המתנדב David Cohen שתל
# 24 עצים בגינה." in a right-to-left paragraph, so its words come right
# to left, each Hebrew one's letters as the screen shows them, while the
# name and the number read left to right.
sentence=".הניגב םיצע 24 לתש David Cohen בדנתמה"

# ---- pith -d is for pipes and files: logical order, as the page has it
"$PITH" -d -w 60 "$D/rtl-mixed.html" >"$T/dump" 2>&1
if grep -qF "המתנדב David Cohen שתל 24 עצים בגינה." "$T/dump" &&
    ! grep -qF "$sentence" "$T/dump"; then ok "-d stays in logical order"
else not_ok "-d stays in logical order" "$(head -c 300 "$T/dump")"; fi

# ---- a dir=rtl page, 60 columns: the column is 58 wide, from column 2
start 60 30 "$D/rtl-mixed.html"
check "rtl: page open" "Cohen"
check "the sentence in visual order, name and number left to right" "$sentence"
at_right "it ends at the column's right edge" "$sentence" 59
at_right "so does the title" "הנוכשב תיתליהק הניג" 59
check "the bullet goes to the right side" "תוינבגע $(printf '\342\200\242')"
at_right "and ends the line" "תוינבגע" 59
check "the quote bar too" "םעפה וז $(printf '\342\224\202')"
check "a dir=ltr paragraph inside stays as written" " An English note in the middle"
check_not "and is not reversed" "elddim"

# ---- search finds a Hebrew word and marks it where it is shown
keys / עצים Enter
check "search finds a Hebrew word" "match 1 of 1"
screen_e
if grep -q "$(printf '\033')\[[0-9;]*mםיצע" "$T/screen"; then ok "the match is highlighted where it is shown"
else not_ok "the match is highlighted where it is shown" "$(grep Cohen "$T/screen" | cat -v)"; fi

# ---- resize: still flush right at the new width
tm resize-window -t pith -x 50 -y 30
poll test "$(screen; right_edge "$sentence")" = 49
at_right "resize: flush right at 50 columns" "$sentence" 49
quits "rtl: q quits"

# ---- no dir, no lang: the first strong character says right to left
start 60 30 "$D/rtl-nodir.html"
check "nodir: page open" "ליאשהל"
at_right "a Hebrew paragraph with no dir goes flush right" ".הרוה" 59
check "an English one stays left" " In English too"
quits "nodir: q quits"

# ---- Arabic: the title's letters and words right to left
title="شباب يعيدون الحياة إلى ورش الفخار في البلدة القديمة"
rev=$(python3 -c 'import sys; print(sys.argv[1][::-1])' "$title")
start 60 30 "$D/arabic.html"
check "arabic: the title in visual order" "$rev"
at_right "at the right edge" "$rev" 59
# The link "الجمعيات الثقافية" [1]: its words right to left, the number
# after it (to its left) as written; Tab selects it where it is shown.
link=$(python3 -c 'import sys; print(sys.argv[1][::-1])' "الجمعيات الثقافية")
check "arabic: a link's text in visual order, its number as written" "[1]$link"
screen_e
before=$(grep -F "$link" "$T/screen")
keys Tab
check "Tab selects the link" "tags/associations"
screen_e
after=$(grep -F "$link" "$T/screen")
if [ -n "$after" ] && [ "$before" != "$after" ]; then ok "the selected link is marked where it is shown"
else not_ok "the selected link is marked where it is shown" "$(printf '%s\n' "$after" | cat -v)"; fi
quits "arabic: q quits"

# ---- bidi_shape = on: Arabic in presentation forms.  "... عامًا. هنا
# تجلس ...": هنا is ha, noon, alef: ha begins the word (initial U+FEEB),
# noon joins both sides (medial U+FEE8), alef only the one before it
# (final U+FE8E); shown right to left: alef, noon, ha.
huna=$(printf '\357\272\216\357\273\250\357\273\253')
start 60 30 "$D/arabic.html"
check "bidi_shape off (the default): the letters as they are" " انه ."
check_not "not shaped" "$huna"
quits "bidi_shape off: q quits"
printf 'bidi_shape = on\n' >"$T/cfg/pith/config"
start 60 30 "$D/arabic.html"
check "bidi_shape = on: joined forms, right to left" " $huna ."
quits "bidi_shape = on: q quits"
rm "$T/cfg/pith/config"

# ---- --bidi off: as the page has it, for a terminal that reorders
start 60 30 --bidi off "$D/rtl-mixed.html"
check "--bidi off: logical order" " המתנדב David Cohen שתל 24 עצים בגינה."
quits "--bidi off: q quits"
printf 'bidi = off\n' >"$T/cfg/pith/config"
start 60 30 "$D/rtl-mixed.html"
check "bidi = off in the settings file too" " המתנדב David Cohen שתל 24 עצים בגינה."
quits "bidi = off: q quits"
printf 'bidi = on\n' >"$T/cfg/pith/config"
start 60 30 "$D/rtl-mixed.html"
check "bidi = on" "$sentence"
quits "bidi = on: q quits"
start 60 30 --bidi on "$D/rtl-mixed.html"
check "--bidi on" "$sentence"
quits "q quits"
