# tests/e2e/train.sh - pith train: the hybrid measured by cross-validation
# on a hand-made corpus whose answer is known, and its usage errors.
. tests/lib.sh

C=$T/corpus
mkdir -p "$C"
# Six stories under a menu of links.  auto and mss leave out the heading
# that repeats the title; linkdensity keeps it, so it wins every page.
printf '{' >"$C/truth.json"
for i in 0 1 2 3 4 5; do
	p1="Part one of story $i tells how the harbour town rebuilt its old stone bridge after the long winter floods had passed."
	p2="Part two of story $i follows the seven wizards who judged the boxing matches near the market every summer evening."
	{
		printf '<html><head><title>Story %s</title></head><body><nav><ul>' "$i"
		for k in 1 2 3 4 5 6; do printf '<li><a href="/s%s">Section %s</a></li>' "$k" "$k"; done
		printf '</ul></nav><article><h1>Story %s</h1><p>%s</p><p>%s</p></article>' "$i" "$p1" "$p2"
		printf '<footer><a href="/about">About</a></footer></body></html>\n'
	} >"$C/p$i.html"
	[ "$i" = 0 ] || printf ',' >>"$C/truth.json"
	printf '"p%s": {"articleBody": "Story %s\\n%s\\n%s"}' "$i" "$i" "$p1" "$p2" >>"$C/truth.json"
done
printf '}\n' >>"$C/truth.json"

row() { grep "^  $1 " "$T/out" | awk '{print $(NF - 3)}'; }

run train --folds 3 -a auto -a linkdensity "$C"
expect_out "train prints a row per method" "  linkdensity "
expect_out "train prints the hybrid's cross-validated row" "  hybrid A (3-cv) "
expect_out "train prints the oracle's row" "  oracle "
if [ "$(row linkdensity)" = 1.000 ] && [ "$(row auto)" != 1.000 ]; then
	ok "the corpus is as built: linkdensity wins every page"
else not_ok "the corpus is as built: linkdensity wins every page" "$(cat "$T/out")"; fi
if [ "$(row 'hybrid A (3-cv)')" = "$(row linkdensity)" ]; then
	ok "on pages it never saw, the hybrid picks the method that wins them all"
else not_ok "on pages it never saw, the hybrid picks the method that wins them all" "$(cat "$T/out")"; fi
# Menu, footer and paragraphs are segments apart: B learns to keep the
# ones mostly in the truth, as its oracle does.
if [ -n "$(row 'hybrid B (3-cv)')" ] && [ "$(row 'hybrid B (3-cv)')" = "$(row 'segment oracle')" ]; then
	ok "on pages it never saw, hybrid B keeps the segments its oracle keeps"
else not_ok "on pages it never saw, hybrid B keeps the segments its oracle keeps" "$(cat "$T/out")"; fi
if [ "$(row oracle)" = 1.000 ]; then ok "the oracle is the best per page"
else not_ok "the oracle is the best per page" "$(cat "$T/out")"; fi
expect_status "a hybrid that only ties the best method: exit 1" 1
expect_out "A's verdict is printed" "hybrid A does not beat the best single method (linkdensity): 1.000 against 1.000"
expect_out "B's verdict is printed" "hybrid B does not beat the best single method (linkdensity): "

# Readability's layout (NAME/source.html, NAME/expected.txt) reads too.
mkdir -p "$T/rd/one" "$T/rd/two" "$T/rd/three"
for name in one two three; do
	cp "$C/p1.html" "$T/rd/$name/source.html"
	printf 'Part one of story 1 tells how the harbour town rebuilt its old stone bridge after the long winter floods had passed.\n' >"$T/rd/$name/expected.txt"
done
run train --folds 2 -a mss -a bte "$T/rd"
expect_out "train reads NAME/expected.txt truth" "  mss                   3 "

run train
expect_status "no corpus: exit 2" 2
expect_err "no corpus: says so" "pith: train: no corpus folder given"
run train --folds 1 "$C"
expect_status "one fold: exit 2" 2
expect_err "bad folds named" "--folds wants 2..100, not '1'"
run train -a template "$C"
expect_status "template is no choice: exit 2" 2
run train -a nope "$C"
expect_status "unknown method: exit 2" 2
run train --folds 10 "$C"
expect_status "fewer pages than folds: exit 3" 3
expect_err "fewer pages than folds: says so" "6 readable pages: too few for 10 folds"
run train "$T/nowhere"
expect_status "a missing corpus: exit 3" 3
run train --help
expect_status "--help exits 0" 0
expect_out "--help names the oracle" "oracle"

