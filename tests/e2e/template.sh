# tests/e2e/template.sh - user templates from the command line: -t FILE,
# the site's own HOST.tpl, and bad template files.
. tests/lib.sh

cat >"$T/page.html" <<'EOF'
<html><body><nav><p>Home and other menu entries</p></nav>
<div class="story wide"><p>The story starts here.</p>
<div class="story"><p>It goes on inside.</p></div></div>
<footer><p>Copyright footer line</p></footer></body></html>
EOF
printf '# the story\nclass=story\n' >"$T/good.tpl"
printf 'div\n\nclass="story"\n' >"$T/bad.tpl"

run -d -t "$T/good.tpl" "$T/page.html"
expect_status "-t FILE: article found" 0
expect_out "-t FILE: the matching element's text" "The story starts here."
expect_out "-t FILE: nested matches once" "It goes on inside."
expect_no_out "-t FILE: not the menu" "menu entries"
if [ "$(grep -c 'It goes on' "$T/out")" -eq 1 ]; then ok "-t FILE: a nested match is not repeated"
else not_ok "-t FILE: a nested match is not repeated" "$(cat "$T/out")"; fi

run --explain --template "$T/good.tpl" "$T/page.html"
expect_out "--explain names the match and the line" "kept: in div.story, template line 2"
expect_out "--explain says why the rest went" "dropped: outside every template match"

run -d -t "$T/bad.tpl" "$T/page.html"
expect_status "bad template: exit 2" 2
expect_err "bad template: file and line" "pith: $T/bad.tpl:3: no quotes"
run -d -t "$T/none.tpl" "$T/page.html"
expect_status "missing template: exit 2" 2
expect_err "missing template: named" "pith: $T/none.tpl:"

run -d -a template "$T/page.html"
expect_status "-a template without a template: exit 2" 2
expect_err "-a template without a template: says what to give" "-t FILE"

# The site's template: $XDG_CONFIG_HOME/pith/sites/HOST.tpl.
mkdir -p "$T/xdg/pith/sites"
cp "$T/good.tpl" "$T/xdg/pith/sites/example.org.tpl"
XDG_CONFIG_HOME=$T/xdg run -d -a template -u https://Example.ORG:8443/a/b "$T/page.html"
expect_status "HOST.tpl: found for the page's host" 0
expect_out "HOST.tpl: applied" "It goes on inside."
XDG_CONFIG_HOME=$T/xdg run -d -a template -u https://www.example.org/a "$T/page.html"
expect_status "HOST.tpl: www. also finds the bare host" 0
XDG_CONFIG_HOME=$T/xdg run -d -a template -u https://other.example/a "$T/page.html"
expect_status "HOST.tpl: none for another host: exit 2" 2
expect_err "HOST.tpl: names the file to write" "sites/other.example.tpl"
XDG_CONFIG_HOME=$T/xdg run -d -u https://example.org/a "$T/page.html"
expect_no_out "HOST.tpl: only with -a template" "template line"
cp "$T/bad.tpl" "$T/xdg/pith/sites/example.org.tpl"
XDG_CONFIG_HOME=$T/xdg run -d -a template -u https://example.org/a "$T/page.html"
expect_status "bad HOST.tpl: exit 2" 2
expect_err "bad HOST.tpl: file and line" "example.org.tpl:3: no quotes"
