# tests/e2e/reader-save.sh - what a saved page holds (the author, the
# page's own date only, lynx -dump's References, absolute Markdown links)
# and links on a page read from a file resolved against the address it
# gives itself (rel=canonical, else og:url); driven for real in tmux.
. tests/lib.sh
. tests/tmux.sh

mkdir "$T/p"
cat >"$T/p/story.html" <<'EOS'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>A saved story</title>
<meta name="author" content="Ann Writer">
<meta property="og:url" content="https://og.example/not-this-one">
<link rel="canonical" href="https://news.example/2024/story.html">
</head><body><article><h1>A saved story</h1>
<p>The story begins with <a href="other.html">a link to another story</a> and goes on
for a while with enough plain words to be found by every algorithm there is.</p>
<p>It ends with <a href="/about">a second link</a>, to the site's page about itself,
and with more words again so that nothing about it looks like a menu.</p>
</article></body></html>
EOS

start 160 24 "$T/p/story.html"
check "save: page open" "A saved story"
keys L
check "links of a file resolve against its canonical address" "1  https://news.example/2024/other.html"
check "all of them" "2  https://news.example/about"
keys q s
check "s offers a file" "Save text to: $T/saved/a-saved-story.txt"
keys Enter
check "s saves" "saved $T/saved/a-saved-story.txt"
f=$T/saved/a-saved-story.txt
if [ "$(sed -n 2p "$f")" = "by Ann Writer" ]; then ok "the saved text has the author"
else not_ok "the saved text has the author" "$(head -5 "$f")"; fi
if [ "$(sed -n 3p "$f")" = "https://news.example/2024/story.html" ] && [ -z "$(sed -n 4p "$f")" ]; then
	ok "then the address, and no date: the page has none"
else
	not_ok "then the address, and no date: the page has none" "$(head -5 "$f")"
fi
if grep -q -e "$(date +%Y-%m-%d)" -e "$(LC_ALL=C date '+%-d %b %Y')" "$f"; then not_ok "today's date is nowhere" "$(head -5 "$f")"
else ok "today's date is nowhere"; fi
if grep -q "a link to another story\[1\]" "$f" && grep -q "a second link\[2\]" "$f"; then
	ok "links are numbered in the text"
else
	not_ok "links are numbered in the text" "$(cat "$f")"
fi
if sed -n '/^References$/,$p' "$f" | grep -qx "   1. https://news.example/2024/other.html" &&
    sed -n '/^References$/,$p' "$f" | grep -qx "   2. https://news.example/about"; then
	ok "and listed at the end, as lynx -dump's References"
else
	not_ok "and listed at the end, as lynx -dump's References" "$(tail -6 "$f")"
fi
keys S Enter
check "S saves Markdown" "saved $T/saved/a-saved-story.md"
if grep -qF "[a link to another story](<https://news.example/2024/other.html>)" "$T/saved/a-saved-story.md" &&
    grep -qx "By Ann Writer" "$T/saved/a-saved-story.md"; then
	ok "saved Markdown has absolute links and the author"
else
	not_ok "saved Markdown has absolute links and the author" "$(cat "$T/saved/a-saved-story.md")"
fi
quits "q quits"

# og:url when there is no canonical address; -u before either.
sed '/rel="canonical"/d' "$T/p/story.html" >"$T/p/og.html"
run -d -f markdown "$T/p/og.html"
expect_out "-d: og:url when there is no canonical" "(<https://og.example/other.html>)"
run -d -f markdown -u https://given.example/x/ "$T/p/story.html"
expect_out "-d: -u before the page's own" "(<https://given.example/x/other.html>)"
