# tests/e2e/reader-place.sh - the reader keeps the reader's place:
# anchors on this page and on others (from a file and over HTTP, in every
# algorithm's view), jumps as history, and the paragraph kept through
# every algorithm (tests/tmux.sh drives it; a loopback server serves).
. tests/lib.sh
. tests/tmux.sh

# at_top DESC REGEX: the first row comes to match REGEX.
at_top() {
	if poll top_has "$2"; then ok "$1"
	else not_ok "$1" "top: $(head -1 "$T/screen")" "$(cat "$T/screen")"; fi
}

# ---- a link into the page: a place in the history, Backspace returns
start 80 24 "$D/anchors.html"
check "anchors: page open" "The opening paragraph links"
keys Tab
check "Tab selects the in-page link" "[1] "
keys Enter
at_top "the link leads to its element" "Section three heading"
check "the message line says where, not the link" "#sec3 (Backspace returns)"
check_not "the link's address is gone" "[1] "
keys BSpace
at_top "Backspace returns to where the link was" "Anchors"
check_not "a jump is no page to go back to" "no page to go back to"
keys 2 Enter
at_top "a cite note leads to the note" "The cited source"
keys 3 Enter
at_top "a link to another page lands on its anchor" "Part two heading"
check "the other page is open" "far.html"
keys BSpace
at_top "Backspace returns from the other page, to the note" "The cited source"
keys BSpace
at_top "and from the note to the top" "Anchors"
keys BSpace
check "and no further" "no page to go back to"
quits "q after anchors"

# ---- an anchor in the address: over HTTP, in every algorithm's view
cat >"$T/serve.py" <<'EOF'
import http.server, os, sys
os.chdir(sys.argv[1])
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass
s = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(s.server_address[1]))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
s.serve_forever()
EOF
python3 "$T/serve.py" "$D" "$T/port" 2>"$T/server.log" &
server=$!
trap 'kill $server 2>/dev/null; tmux -S "$sock" kill-server 2>/dev/null; rm -rf "$T"' EXIT
poll test -s "$T/port"
url="http://127.0.0.1:$(cat "$T/port")/far.html#part2"
for algo in $("$PITH" --list-algorithms | awk '$1 != "template" { print $1 }'); do
	start 80 24 -a "$algo" "$url"
	check "$algo: the page opens" "far.html"
	# The heading, or the paragraph after it where the view drops it.
	at_top "$algo: the address's anchor is at the top" "Part two heading|Far 14:"
	quits "q after $algo"
done

# ---- the place through every algorithm, and back
start 80 24 "$D/long.html"
check "algorithms: page open" "A long page"
keys / "Paragraph 30 " Enter
at_top "the paragraph at the top" "Paragraph 30 begins"
presses=$("$PITH" --list-algorithms | wc -l)
while [ "$presses" -gt 0 ]; do
	keys a
	presses=$((presses - 1))
done
check "round all the algorithms" " auto "
at_top "round all the algorithms, the paragraph stays" "Paragraph 30 begins"
keys A
check "A goes back one" " site "
at_top "A keeps the paragraph too" "Paragraph 30 begins"
quits "q after the algorithms"

# ---- auto's answer from the page's JSON-LD is a document of its own: its
# blocks are no place in the page's
start 80 10 "$here/../pages/spa-shell.html"
check "json-ld: the articleBody is the article" "Ferries between the north quay"
keys G
check "json-ld: G goes to its end" "from nine until four"
check_gone "json-ld: its top is out of view" "Mara Ellison"
keys a
check "json-ld: mss reads the page itself" " mss "
at_top "json-ld: mss starts at its top" "Harbour ferries"
keys A
check "json-ld: back to auto" " auto "
at_top "json-ld: and to its top" "Harbour ferries"
quits "q after json-ld"
