# tests/e2e/site.sh - site statistics: pith learn, -a site, learning on
# -d, and a corrupt store rebuilt.  XDG_DATA_HOME is $T/data (lib.sh).
. tests/lib.sh

S=$XDG_DATA_HOME/pith/sites

# Six pages of one site: a menu and a newsletter line inside the article
# (auto keeps them), a footer, and a story of their own.
page() {
	cat <<EOF
<html><head><title>Story $1</title></head><body>
<div id="main"><article><h1>Headline number $1</h1>
<ul class="menu"><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li></ul>
<p>Story $1 tells its own tale about item $1, with commas, clauses, and detail about topic $1 that no other page has.</p>
<p>Sign up for the Example newsletter and get stories like this one, every morning, free of charge, in your inbox.</p>
<p>A second paragraph of story $1 adds more on $1: its history, its people, and its place among the examples.</p>
<p>Story $1 ends with a closing thought on subject $1, which is enough text for any method to find it.</p></article></div>
<footer><p>Copyright Example Corp. All rights reserved.</p></footer>
</body></html>
EOF
}
for i in 1 2 3 4 5 6; do page $i >"$T/p$i.html"; done

run learn -u https://www.Example.org/news/ "$T/p1.html" "$T/p2.html" "$T/p3.html" \
    "$T/p4.html" "$T/p5.html" "$T/p6.html"
expect_status "learn: exit 0" 0
expect_out "learn: says the host and its pages" "example.org: 6 pages"
if [ -f "$S/example.org.site" ] && head -n 1 "$S/example.org.site" | grep -qx 'pith-site 1 6'
then ok "learn: the store is \$XDG_DATA_HOME/pith/sites/HOST.site"
else not_ok "learn: the store is \$XDG_DATA_HOME/pith/sites/HOST.site" "$(ls -R "$XDG_DATA_HOME" 2>&1)"; fi
if [ -z "$(find "$S" -name '.*')" ]; then ok "learn: no temporary file left"
else not_ok "learn: no temporary file left" "$(ls -a "$S")"; fi

run learn -u https://example.org/ "$T/p1.html"
expect_out "learn: a known page counts once" "example.org: 6 pages (1 already learned)"

run -d --no-learn -u https://example.org/x "$T/p2.html"
expect_out "auto keeps the shared newsletter line" "Sign up for the Example"
run -d -a site -u https://example.org/x "$T/p2.html"
expect_status "-a site: exit 0" 0
expect_out "-a site: the story" "Story 2 tells its own tale"
expect_out "-a site: all of it" "Story 2 ends with a closing thought"
expect_no_out "-a site: drops the shared newsletter line" "Sign up for the Example"
expect_no_out "-a site: drops the shared menu" "Sport"
run --explain -a site -u https://example.org/x "$T/p2.html"
expect_out "--explain: the count" "dropped: seen on 6 of 6 pages"
expect_out "--explain: the note says what ran" "of 6 pages; readability:"

# Too few pages: auto, and the note says so.  -d learns the page first.
run --explain -a site -u https://other.example/a "$T/p1.html"
expect_status "-a site, 1 page: exit 0" 0
expect_out "-a site, 1 page: auto, said" "site: 1 of 5 pages learned; auto"
expect_no_out "-a site, 1 page: nothing dropped as template" "seen on"
if [ -f "$S/other.example.site" ]; then ok "-d learns a page with a host"
else not_ok "-d learns a page with a host" "$(ls "$S")"; fi
run -d --no-learn -u https://third.example/a "$T/p1.html"
if [ ! -e "$S/third.example.site" ]; then ok "--no-learn: nothing learned"
else not_ok "--no-learn: nothing learned"; fi
run -d "$T/p1.html"
expect_status "a file without -u: no host, still fine" 0

# A corrupt store is set aside and rebuilt, with a warning.
printf 'pith-site 1 6\nnot a line\n' >"$S/example.org.site"
run -d -a site -u https://example.org/x "$T/p3.html"
expect_status "corrupt store: exit 0" 0
expect_out "corrupt store: the article still comes" "Story 3 tells its own tale"
expect_err "corrupt store: a warning with the line" "line 2"
expect_err "corrupt store: says it was rebuilt" "set aside as example.org.site.bad and rebuilt"
if [ -f "$S/example.org.site.bad" ] && head -n 1 "$S/example.org.site" | grep -qx 'pith-site 1 1'
then ok "corrupt store: kept aside, a new one started"
else not_ok "corrupt store: kept aside, a new one started" "$(ls "$S")"; fi
head -c 40 /dev/urandom >"$S/example.org.site"
run learn -u https://example.org/ "$T/p4.html"
expect_status "learn over a corrupt store: exit 0" 0
expect_out "learn over a corrupt store: rebuilt" "example.org: 1 page"

# Another process learning the host (holding its lock): the article
# still comes, exit 0, and a warning says the page is not learned, though
# this pith has not read the store before.
run -d -u https://busy.example/a "$T/p2.html"
(exec 9>"$S/busy.example.lock" && flock 9 && exec sleep 30) &
holder=$!
poll sh -c '! flock -n "$1" true' sh "$S/busy.example.lock"
run -d -u https://busy.example/x "$T/p3.html"
expect_status "busy: exit 0" 0
expect_out "busy: the article still comes" "Story 3 tells its own tale"
expect_err "busy: says the page is not learned" \
    "busy.example's statistics are busy or locked away"
expect_err "busy: ... and why" "): this page is not learned"
if head -n 1 "$S/busy.example.site" | grep -qx 'pith-site 1 1'
then ok "busy: the store is left as it was"
else not_ok "busy: the store is left as it was" "$(cat "$S/busy.example.site")"; fi

# Busy while the store is corrupt: the store is set aside all the same,
# and both are said, in the order they happen.
printf 'pith-site 1 6\nnot a line\n' >"$S/busy.example.site"
run -d -u https://busy.example/y "$T/p4.html"
kill "$holder"
expect_status "busy and corrupt: exit 0" 0
expect_out "busy and corrupt: the article still comes" "Story 4 tells its own tale"
if [ "$(grep -c . "$T/err")" = 2 ] &&
    sed -n 1p "$T/err" | grep -qF "busy.example's statistics are busy or locked away" &&
    sed -n 2p "$T/err" | grep -qF "set aside as busy.example.site.bad and rebuilt"
then ok "busy and corrupt: two warnings, the busy one first"
else not_ok "busy and corrupt: two warnings, the busy one first" "$(cat "$T/err")"; fi
if [ -f "$S/busy.example.site.bad" ] && [ ! -e "$S/busy.example.site" ]
then ok "busy and corrupt: set aside, the page not learned"
else not_ok "busy and corrupt: set aside, the page not learned" "$(ls "$S")"; fi

# Errors.
run learn "$T/p1.html"
expect_status "learn a file without -u: exit 3" 3
expect_err "learn a file without -u: says what to give" "give -u URL"
run learn
expect_status "learn nothing: exit 2" 2
run learn -u file:///x "$T/p1.html"
expect_status "learn -u not http: exit 2" 2
run learn "$T/none.html"
expect_status "learn a missing file: exit 3" 3

# Without XDG_DATA_HOME: ~/.local/share/pith/sites.
env -u XDG_DATA_HOME HOME="$T/home" timeout 20 "$PITH" learn -u https://example.net/ \
    "$T/p1.html" >"$T/out" 2>"$T/err"
if [ -f "$T/home/.local/share/pith/sites/example.net.site" ]; then
	ok "store: ~/.local/share/pith/sites without XDG_DATA_HOME"
else not_ok "store: ~/.local/share/pith/sites without XDG_DATA_HOME" "$(cat "$T/err")"; fi

run --list-algorithms
expect_out "site is listed" "site "
run --list-params
expect_out "site.share is listed" "site.share"
expect_out "site.pages is listed" "site.pages"

# Processes learning one host at once lose no page: each reads the store
# afresh under the host's lock.
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	page "c$i" >"$T/c$i.html"
done
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
	timeout 20 "$PITH" -d -u "https://conc.example/c$i" "$T/c$i.html" >/dev/null 2>"$T/err$i" &
done
wait
run learn -u https://conc.example/ "$T/c1.html"
expect_out "twelve pith -d at once: twelve pages learned" "conc.example: 12 pages (1 already learned)"
if [ -f "$S/conc.example.lock" ]; then ok "the lock file sits beside the store"
else not_ok "the lock file sits beside the store" "$(ls "$S")"; fi
if cat "$T"/err* | grep -q .; then not_ok "learning at once: no warnings" "$(cat "$T"/err*)"
else ok "learning at once: no warnings"; fi

# pith learn holds the host while it learns: two at once on one host,
# and a pith -d meanwhile, lose nothing either.
for i in 1 2 3 4 5; do page "a$i" >"$T/a$i.html"; page "b$i" >"$T/b$i.html"; done
timeout 20 "$PITH" learn -u https://two.example/ "$T/a1.html" "$T/a2.html" "$T/a3.html" \
    "$T/a4.html" >"$T/l1" 2>&1 &
p1=$!
timeout 20 "$PITH" learn -u https://two.example/ "$T/b1.html" "$T/b2.html" "$T/b3.html" \
    "$T/b4.html" >"$T/l2" 2>&1 &
p2=$!
timeout 20 "$PITH" -d -u https://two.example/a5 "$T/a5.html" >/dev/null 2>"$T/l3"
s3=$?
wait $p1; s1=$?
wait $p2; s2=$?
if [ "$s1" = 0 ] && [ "$s2" = 0 ] && [ "$s3" = 0 ]; then ok "two learners and a reader at once all finish"
else not_ok "two learners and a reader at once all finish" "$s1 $s2 $s3" "$(cat "$T/l1" "$T/l2" "$T/l3")"; fi
run learn -u https://two.example/x "$T/b5.html"
expect_out "every page of them is in the store" "two.example: 10 pages"
