# tests/e2e/pages.sh - the fixture pages: every tests/pages/NAME.html has a
# NAME.expect of lines "+ text" (must be in the article) and "- text"
# (must not be), checked on the JSON text with white space collapsed.
# "@ ALGO ..." names the algorithms a page is checked with (default: the
# default algorithm); "! no article" says the page has none: pith must
# exit 1 and say why.
. tests/lib.sh

for exp in tests/pages/*.expect; do
	page=${exp%.expect}.html
	name=$(basename "$page" .html)
	algos=$(sed -n 's/^@ *//p' "$exp")
	[ -n "$algos" ] || algos=$("$PITH" --list-algorithms | awk 'NR == 1 { print $1 }')
	for a in $algos; do
		run -d -f json -a "$a" "$page"
		if grep -q '^! no article' "$exp"; then
			expect_status "$name/$a: no article, exit 1" 1
			expect_err "$name/$a: says there is no article" "no article found"
			continue
		fi
		expect_status "$name/$a: article found" 0
		python3 -c 'import json, sys
print(" ".join(json.load(sys.stdin)["text"].split()))' <"$T/out" >"$T/text" 2>"$T/err" ||
			not_ok "$name/$a: valid JSON" "$(head -c 200 "$T/err")"
		while IFS= read -r line; do
			want=${line#? }
			case $line in
			"+ "*) if grep -qF -- "$want" "$T/text"; then ok "$name/$a: has '$want'"
				else not_ok "$name/$a: has '$want'" "text: $(head -c 400 "$T/text")"; fi ;;
			"- "*) if grep -qF -- "$want" "$T/text"; then not_ok "$name/$a: lacks '$want'"
				else ok "$name/$a: lacks '$want'"; fi ;;
			esac
		done <"$exp"
	done
done
