# tests/e2e/reader-links.sh - links as w3m and lynx users expect them: the
# list (L), the whole address of the selected link, copying it (y, OSC
# 52) and handing it to $BROWSER (M), driven for real in tmux.
. tests/lib.sh
. tests/tmux.sh

# The pages in a folder of the test's own, so the addresses shown are
# as long on every machine.
mkdir "$T/p"
cp "$D"/links.html "$D"/second.html "$T/p/"
D=$T/p

# ---- L: every link with its number and address
start 160 24 "$D/links.html"
check "links: page open" "First page of links"
keys L
check "L lists the links" "7 links on this page"
check "the list is its own view" "[links]"
check "each link with its number and whole address" "1  $D/second.html"
check "the links outside the article too" "Elsewhere on the page"
check "numbered on from the article's" "4  $D/index.html"
keys j
check "j moves down the list, the address in the message line" "[2] #later"
keys k
check "k moves up" "[1] $D/second.html"
keys j j j
check "across the two parts" "[4] $D/index.html"
keys / privacy Enter
check "/ searches the list and selects the match" "[7] $D/privacy.html"
keys / second Enter
check "a second search" "[1] $D/second.html"
keys Enter
check "Enter follows the selected link" "The second page"
check_gone "and leaves the list" "[links]"
keys BSpace
check "back on the first page" "First page of links"
keys L
check "L again" "7 links on this page"
keys q
check_gone "q returns from the list" "[links]"
check "to the article" "First page of links"
quits "q then quits"

# ---- the selected link's address whole, cut in the middle when long
long="https://example.com/a/very/long/path/that/goes/on/and/on/and/on/for/ever/and/ever/final-page.html"
printf '<html><head><title>Long links</title></head><body><article><h1>Long links</h1><p>A paragraph with <a href="%s">a very long link</a> in it and enough words around it to be an article for every method that looks.</p><p>A second paragraph adds more words so that the page is kept whole by all of them.</p></article></body></html>' "$long" >"$T/long.html"
start 60 20 "$T/long.html"
check "long: page open" "Long links"
keys Tab
check "the message line keeps the host" "[1] https://example.com/$(printf '\342\200\246')/"
check "and the end of the address" "ever/final-page.html"
check "cut in the middle" "$(printf '\342\200\246')"
fits "it fits the screen" 60

# ---- y: OSC 52 through tmux to its paste buffer
buffer_is() { [ "$(tm show-buffer 2>/dev/null)" = "$1" ]; }
tm set-option -g set-clipboard on
keys y
check "y says what it copied" "copied [1] https://example.com"
if poll buffer_is "$long"; then ok "y puts the whole address on the clipboard"
else not_ok "y puts the whole address on the clipboard" "buffer: $(tm show-buffer 2>&1)"; fi
keys Escape
keys y
check "with no link selected, y copies the page's address" "copied $T/long.html"
if poll buffer_is "$T/long.html"; then ok "the page's address on the clipboard"
else not_ok "the page's address on the clipboard" "buffer: $(tm show-buffer 2>&1)"; fi
quits "q quits"

# ---- M: $BROWSER with the terminal handed over and taken back
cat >"$T/browser.sh" <<EOS
#!/bin/sh
printf '%s\n' "\$1" >>'$T/opened'
printf 'BROWSER RAN'
EOS
chmod +x "$T/browser.sh"
BROWSER="false:$T/browser.sh"
export BROWSER
start 160 24 "$D/links.html"
check "M: page open" "First page of links"
keys Tab M
check "M says the browser opened the link" "opened in the browser: $D/second.html"
if [ "$(cat "$T/opened" 2>/dev/null)" = "$D/second.html" ]; then ok "\$BROWSER ran on the link's address (after the entry that failed)"
else not_ok "\$BROWSER ran on the link's address" "opened: $(cat "$T/opened" 2>&1)"; fi
check "the reader is drawn again after it" "First page of links"
check_not "nothing the browser printed is left" "BROWSER RAN"
keys Escape M
check "M without a selection opens the page" "opened in the browser: $D/links.html"
if [ "$(tail -1 "$T/opened" 2>/dev/null)" = "$D/links.html" ]; then ok "\$BROWSER ran on the page's address"
else not_ok "\$BROWSER ran on the page's address" "opened: $(cat "$T/opened" 2>&1)"; fi
quits "q quits"
BROWSER=
start 160 24 "$D/links.html"
check "no BROWSER: page open" "First page of links"
keys M
check "M without \$BROWSER says how to set one" "set BROWSER"
quits "q quits"
unset BROWSER

# ---- L over the debug overlay: every block is there, each link once
start 160 24 "$D/links.html"
check "overlay: page open" "First page of links"
keys d
check "d: the overlay" "[overlay]"
keys L
check "L over the overlay lists every link of the page" "7 links on this page"
check_not "once: nothing is elsewhere" "Elsewhere on the page"
keys q
check "q returns to the overlay" "[overlay]"
keys d
check_gone "d leaves it" "[overlay]"
quits "q quits"
