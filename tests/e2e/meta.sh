# tests/e2e/meta.sh - page metadata in the dumps: the JSON keys byline,
# published, site, dir, excerpt and image beside url, title and lang,
# null when the page has nothing to say; text and Markdown still show
# only the title.  Fixture pages are written into the scratch dir $T.
. tests/lib.sh

show() {
	head -c "${2:-300}" "$1" 2>/dev/null |
	    awk '{ printf "%s%s", (NR > 1 ? "\\n" : ""), $0 }'
}

# expect_json DESC KEY VALUE: the last run exited 0 and printed JSON whose
# KEY is VALUE ("null" for null).
expect_json() {
	got=$(python3 -c 'import json, sys
v = json.load(open(sys.argv[1], encoding="utf-8"))[sys.argv[2]]
sys.stdout.write("null" if v is None else v)' "$T/out" "$2" 2>"$T/jerr")
	if [ "$status" -ne 0 ]; then
		not_ok "$1" "exit status $status" "stderr: $(show "$T/err")"
	elif [ "$got" = "$3" ]; then ok "$1"
	else not_ok "$1" "$2 is '$got', expected '$3'" "$(show "$T/jerr")"; fi
}

BODY='<p>The council met on Tuesday evening and, after a long debate that ran well past midnight, approved the budget for the coming year by a narrow margin of votes.</p>
<p>Spending on libraries and parks rises for the first time in a decade, while the road repair fund stays where it was, to the disappointment of several members.</p>'

cat >"$T/full.html" <<EOF
<!DOCTYPE html>
<html lang="en-GB" dir="ltr"><head><meta charset="utf-8">
<title>Council approves the new city budget | The Daily Example</title>
<meta property="og:site_name" content="The Daily Example">
<meta property="og:description" content="A narrow vote, a late night, and more money for libraries.">
<meta property="og:image" content="/img/council.jpg">
<meta property="article:published_time" content="2024-03-05T22:10:00Z">
<script type="application/ld+json">
{"@context": "https://schema.org", "@graph": [
 {"@type": "WebSite", "name": "The Daily Example"},
 {"@type": "NewsArticle", "headline": "Council approves the new city budget",
  "author": [{"@type": "Person", "name": "Ann Writer"}, {"@type": "Person", "name": "Bo Reporter"}]}
]}
</script>
</head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Council approves the new city budget</h1>
$BODY
</article></body></html>
EOF

cat >"$T/bare.html" <<EOF
<html><body><article>
$BODY
</article></body></html>
EOF

cat >"$T/rtl.html" <<EOF
<html dir="rtl" lang="ar"><head><meta charset="utf-8"><title>عنوان المقال الطويل عن المدينة - بوابة المدينة</title>
<meta name="author" content="كاتب المقال"></head><body><article>
<p>تعود رائحة الطين المبلل إلى ورشة ظلت مغلقة أكثر من عشرين عامًا، بعد أن قرر عدد من الشباب إعادة فتحها وتعليم الحرفة للأجيال الجديدة في البلدة القديمة.</p>
<p>اليوم تستقبل الورشة نحو أربعين متدربًا كل شهر، ويأمل القائمون عليها أن تصبح مركزًا دائمًا للحرف التقليدية في المنطقة كلها.</p>
</article></body></html>
EOF

# A broken JSON-LD block and controls in the metadata.
printf '<html><head><title>Fallback \033[31mtitle\007 for the page here</title>
<script type="application/ld+json">{"@type": "Article", "headline": </script>
<meta name="author" content="Esc \033]0;x\007 Aped">
</head><body><article>%s</article></body></html>' "$BODY" >"$T/broken.html"

# ------------------------------------------------------------- keys

run -d -f json -u https://news.example/2024/03/budget.html "$T/full.html"
if [ "$status" -eq 0 ] && python3 -c 'import json, sys
o = json.load(open(sys.argv[1], encoding="utf-8"))
want = {"url", "title", "byline", "published", "site", "lang", "dir",
        "excerpt", "image", "algorithm", "text"}
sys.exit("missing: %s" % sorted(want - set(o)) if want - set(o) else 0)' "$T/out" >"$T/check" 2>&1
then ok "json: every metadata key is there"
else not_ok "json: every metadata key is there" "$(show "$T/check")"; fi
expect_json "json: title from JSON-LD" title "Council approves the new city budget"
expect_json "json: byline joins the JSON-LD authors" byline "Ann Writer, Bo Reporter"
expect_json "json: published from article:published_time" published "2024-03-05T22:10:00Z"
expect_json "json: site from og:site_name" site "The Daily Example"
expect_json "json: lang from <html lang>" lang "en-GB"
expect_json "json: dir from <html dir>" dir "ltr"
expect_json "json: excerpt from og:description" excerpt \
    "A narrow vote, a late night, and more money for libraries."
expect_json "json: image made absolute" image "https://news.example/img/council.jpg"
expect_json "json: url is the -u value" url "https://news.example/2024/03/budget.html"

# ------------------------------------------------------------- absent

run -d -f json "$T/bare.html"
for k in url title byline published site lang dir image; do
	expect_json "json: $k null when the page has none" "$k" null
done
expect_json "json: excerpt falls back to the first paragraph" excerpt \
    "The council met on Tuesday evening and, after a long debate that ran well past midnight, approved the budget for the coming year by a narrow margin of votes."

# ------------------------------------------------------------- rtl

run -d -f json "$T/rtl.html"
expect_json "json: rtl page: dir" dir rtl
expect_json "json: rtl page: lang" lang ar
expect_json "json: rtl page: title without the site's name" title "عنوان المقال الطويل عن المدينة"
expect_json "json: rtl page: byline from meta author" byline "كاتب المقال"

# ------------------------------------------------------------- hostile

run -d -f json "$T/broken.html"
expect_json "json: broken JSON-LD skipped, <title> used" title \
    "Fallback $(printf '\357\277\275')[31mtitle$(printf '\357\277\275') for the page here"
if [ "$status" -eq 0 ] && python3 -c 'import json, sys
o = json.load(open(sys.argv[1], encoding="utf-8"))
for k in ("title", "byline", "published", "site", "lang", "dir", "excerpt", "image"):
    v = o[k] or ""
    bad = [c for c in v if ord(c) < 0x20 or 0x7f <= ord(c) <= 0x9f]
    if bad:
        sys.exit("%s has %r" % (k, bad))
if not o["byline"] or "Aped" not in o["byline"]:
    sys.exit("byline: %r" % o["byline"])' "$T/out" >"$T/check" 2>&1
then ok "json: no control characters in any metadata value"
else not_ok "json: no control characters in any metadata value" "$(show "$T/check")"; fi

# ------------------------------------------------------------- formats

run -d -f text "$T/full.html"
if [ "$status" -eq 0 ] && [ "$(sed -n 1p "$T/out")" = "Council approves the new city budget" ] &&
    [ -z "$(sed -n 2p "$T/out")" ] && ! grep -qF "Ann Writer" "$T/out"
then ok "text: the title line only, no byline"
else not_ok "text: the title line only, no byline" "$(show "$T/out")"; fi
run -d -f markdown "$T/full.html"
if [ "$status" -eq 0 ] && [ "$(sed -n 1p "$T/out")" = "# Council approves the new city budget" ] &&
    ! grep -qF "2024-03-05" "$T/out"
then ok "markdown: '# title' only, no metadata lines"
else not_ok "markdown: '# title' only, no metadata lines" "$(show "$T/out")"; fi
