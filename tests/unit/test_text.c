/* test_text.c - pith_article_text and pith_article_markdown. */
#include "helpers.h"

#define PAGE_URL "https://example.org/dir/page.html"

enum { TEXT = 0, MD = 1 };

/* Print s with newlines, tabs and control bytes made visible. */
static void show(const char *label, const char *s)
{
	fprintf(stderr, "%s \"", label);
	for (; s != NULL && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '\n')
			fputs("\\n", stderr);
		else if (c == '\t')
			fputs("\\t", stderr);
		else if (c == '"' || c == '\\')
			fprintf(stderr, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(stderr, "\\x%02x", c);
		else
			fputc(c, stderr);
	}
	fputs(s == NULL ? "\" (NULL)\n" : "\"\n", stderr);
}

/* MSS's params: tag weight 0 (everything from the first word to the
 * last) unless dflt. */
static pith_params *
mss_params(int dflt)
{
	pith_params *p = pith_params_new();
	pith_error err = { 0 };

	assert_non_null(p);
	if (!dflt)
		assert_int_equal(pith_params_set(p, "mss.tag", "0", &err), PITH_OK);
	return p;
}

/* html extracted with MSS (mss_params) and rendered.  Returns the
 * malloc'd output, or NULL (after saying why) when extracting or
 * rendering fails; frees all else. */
static char *render(const char *html, int mode, int dflt)
{
	pith_params *p = mss_params(dflt);
	extracted r = extract_page_url(html, PAGE_URL, "mss", p);
	pith_error err = r.err;
	pith_code rc = r.rc;
	char *out = NULL;
	size_t len = 0;

	pith_params_free(p);
	if (rc == PITH_OK)
		rc = mode == MD ? pith_article_markdown(r.a, &out, &len, &err) :
		    pith_article_text(r.a, PITH_TEXT_CAPTIONS, &out, &len, &err);
	if (rc != PITH_OK) {
		fprintf(stderr, "extract/render: %s (%s)\n", pith_strerror(rc),
		    err.msg);
		free(out);
		out = NULL;
	} else if (out == NULL || strlen(out) != len) {
		fprintf(stderr, "render: bad length\n");
		free(out);
		out = NULL;
	}
	extracted_free(&r);
	return out;
}

/* Frees before failing, so a failed check leaks nothing. */
static void expect_mode(const char *html, int mode, int dflt, const char *want)
{
	char *got = render(html, mode, dflt);
	int ok = got != NULL && strcmp(got, want) == 0;

	if (!ok) {
		show(mode == MD ? "markdown want:" : "text want:    ", want);
		show(mode == MD ? "markdown got: " : "text got:     ", got);
	}
	free(got);
	assert_true(ok);
}

static void expect_text(const char *html, const char *want)
{
	expect_mode(html, TEXT, 0, want);
}

static void expect_md(const char *html, const char *want)
{
	expect_mode(html, MD, 0, want);
}

/* ------------------------------------------------------------ text */

static void test_text_blocks_blank_line(void **state)
{
	(void)state;
	expect_text("<h1>Heading</h1><p>First paragraph.</p>"
	    "<div>Second <span>block</span>.</div><p>Third.</p>",
	    "Heading\n\nFirst paragraph.\n\nSecond block.\n\nThird.");
	/* A rule has no text: nothing, not even an extra blank line. */
	expect_text("<p>Above.</p><hr><p>Below.</p>", "Above.\n\nBelow.");
}

static void test_text_title_not_included(void **state)
{
	(void)state;
	expect_text("<html><head><title>Page Title</title></head>"
	    "<body><p>Body text here.</p></body></html>",
	    "Body text here.");
}

static void test_text_lists_adjacent_no_markers(void **state)
{
	(void)state;
	expect_text("<p>Intro.</p><ul><li>one<ul><li>nested</li></ul></li>"
	    "<li><p>First para.</p><p>Second para.</p></li><li>two</li></ul>"
	    "<p>After.</p>",
	    "Intro.\n\none\nnested\nFirst para.\nSecond para.\ntwo\n\nAfter.");
	expect_text("<ol start=\"4\"><li>four</li><li>five</li></ol>",
	    "four\nfive");
}

static void test_text_table_rows_and_tabs(void **state)
{
	(void)state;
	expect_text("<p>Before.</p><table><tr><th>Name</th><th>Qty</th></tr>"
	    "<tr><td>apple</td><td>3</td></tr>"
	    "<tr><td>a|b</td><td><b>4</b></td><td>extra</td></tr></table>"
	    "<p>After.</p>",
	    "Before.\n\nName\tQty\napple\t3\na|b\t4\textra\n\nAfter.");
}

static void test_text_pre_verbatim(void **state)
{
	(void)state;
	expect_text("<p>Code:</p><pre>  int x = a &lt; b;\n\n    return   x;</pre>"
	    "<p>Done.</p>",
	    "Code:\n\n  int x = a < b;\n\n    return   x;\n\nDone.");
}

static void test_text_br(void **state)
{
	(void)state;
	expect_text("<p>line one<br>line two <br> line three<br><br>new para</p>",
	    "line one\nline two\nline three\n\nnew para");
}

static void test_text_entities_and_whitespace(void **state)
{
	(void)state;
	expect_text("<p>  Fish &amp;   chips\n\t &lt;tag&gt; &eacute;t&eacute;"
	    " &#8212;  done  </p>",
	    "Fish & chips <tag> \xc3\xa9t\xc3\xa9 \xe2\x80\x94 done");
}

static void test_text_partial_span(void **state)
{
	static const char html[] =
	    "<p>Menu <a href=a>a</a> <a href=b>b</a> <a href=c>c</a> "
	    "<a href=d>d</a> Then the real article text begins here and goes "
	    "on for many words to win the span easily without any doubt at "
	    "all.</p>";
	static const char body[] =
	    "Then the real article text begins here and goes on for many "
	    "words to win the span easily without any doubt at all.";

	(void)state;
	expect_mode(html, TEXT, 1, body);
	expect_mode(html, MD, 1, "Then the real article text begins here and "
	    "goes on for many words to win the span easily without any doubt "
	    "at all.\n");
}

static void test_empty_page_no_article(void **state)
{
	static const char *pages[] = {
		"",
		"<html><head><title>Only a title</title></head><body></body></html>",
		"<div><img src=\"a.png\"><p>   </p><hr></div>",
	};
	(void)state;

	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		pith_params *p = mss_params(0);
		extracted r = extract_page_url(pages[i], PAGE_URL, "mss", p);
		pith_error err = { 0 };
		pith_code trc;
		char *out = NULL;
		size_t len = 1;

		pith_params_free(p);
		trc = pith_article_text(r.a, PITH_TEXT_CAPTIONS, &out, &len, &err);
		int empty = out != NULL && out[0] == '\0' && len == 0;
		free(out);
		extracted_free(&r);
		assert_int_equal(r.rc, PITH_ENOARTICLE);
		assert_int_equal(trc, PITH_OK);
		assert_true(empty);
	}
}

/* -------------------------------------------------------- markdown */

static void test_md_headings(void **state)
{
	(void)state;
	expect_md("<h1>Title</h1><h2>Sub <em>part</em></h2><h6>Small</h6>"
	    "<p>Text.</p>",
	    "# Title\n\n## Sub *part*\n\n###### Small\n\nText.\n");
}

static void test_md_emphasis(void **state)
{
	(void)state;
	expect_md("<p>a <em>b</em> <strong>c</strong> <b><i>d</i></b> "
	    "<i>e</i> f</p>",
	    "a *b* **c** ***d*** *e* f\n");
}

static void test_md_markers_hug_text(void **state)
{
	(void)state;
	expect_md("<p>a <em> b </em> c</p>", "a *b* c\n");
	expect_md("<p>x<strong> y </strong>z</p>", "x **y** z\n");
}

static void test_md_inline_code(void **state)
{
	(void)state;
	expect_md("<p>Call <code>f(x)</code> now, or <code>a`b</code> or "
	    "<kbd>a``b</kbd>.</p>",
	    "Call `f(x)` now, or ``a`b`` or ```a``b```.\n");
}

static void test_md_inline_code_edge_backtick(void **state)
{
	/* CommonMark strips one space from each end only when there is a
	 * space at both ends; a one-sided pad would end up in the code. */
	(void)state;
	expect_md("<p>Type <code>`tick</code> here.</p>",
	    "Type `` `tick `` here.\n");
	expect_md("<p>Type <code>tock`</code> here.</p>",
	    "Type `` tock` `` here.\n");
}

static void test_md_links_resolved(void **state)
{
	(void)state;
	expect_md("<p>See <a href=\"../other.html\">the other page</a>, "
	    "<a href=\"sub/x?y=1#z\">this</a> and "
	    "<a href=\"https://elsewhere.example/a\">that</a>.</p>",
	    "See [the other page](<https://example.org/other.html>), "
	    "[this](<https://example.org/dir/sub/x?y=1#z>) and "
	    "[that](<https://elsewhere.example/a>).\n");
}

static void test_md_link_base_and_space(void **state)
{
	(void)state;
	expect_md("<html><head><base href=\"https://cdn.example.com/b/\">"
	    "</head><body><p>Go <a href=\"my file.html\">there</a> now.</p>"
	    "</body></html>",
	    "Go [there](<https://cdn.example.com/b/my%20file.html>) now.\n");
}

static void test_md_link_spans_styles(void **state)
{
	(void)state;
	expect_md("<p>Please <a href=\"x\">go <b>now</b></a> quickly.</p>",
	    "Please [go **now**](<https://example.org/dir/x>) quickly.\n");
	expect_md("<p>A <a href=\"a\">one</a><a href=\"b\">two</a> end.</p>",
	    "A [one](<https://example.org/dir/a>)"
	    "[two](<https://example.org/dir/b>) end.\n");
}

static void test_md_link_whitespace_outside(void **state)
{
	(void)state;
	expect_md("<p>See<a href=\"x\"> the docs </a>now.</p>",
	    "See [the docs](<https://example.org/dir/x>) now.\n");
}

static void test_md_escapes(void **state)
{
	(void)state;
	expect_md("<p>2*3 = 6, snake_case, [note], a`b, a &lt;tag&gt; and "
	    "back\\slash.</p>",
	    "2\\*3 = 6, snake\\_case, \\[note\\], a\\`b, a \\<tag\\> and "
	    "back\\\\slash.\n");
}

static void test_md_escape_line_start(void **state)
{
	(void)state;
	expect_md("<p># not a heading</p><p>+ not a list</p>"
	    "<p>ok<br>- not a list either</p>",
	    "\\# not a heading\n\n\\+ not a list\n\nok  \n\\- not a list either\n");
}

static void test_md_escape_ordered_lookalike(void **state)
{
	/* "1984. A year" at the start of a paragraph is an ordered list
	 * item in CommonMark; the '.' must be escaped. */
	(void)state;
	expect_md("<p>Intro.</p><p>1984. A year to remember.</p>",
	    "Intro.\n\n1984\\. A year to remember.\n");
}

static void test_md_bullets_nested(void **state)
{
	(void)state;
	expect_md("<ul><li>one<ul><li>two<ul><li>three</li></ul></li></ul></li>"
	    "<li>four</li></ul>",
	    "- one\n   - two\n      - three\n- four\n");
}

static void test_md_ordered_start_value(void **state)
{
	(void)state;
	expect_md("<ol start=\"3\"><li>c</li><li>d</li></ol><p>Mid.</p>"
	    "<ol><li>a</li><li value=\"7\">g</li><li>h</li></ol>",
	    "3. c\n4. d\n\nMid.\n\n1. a\n7. g\n8. h\n");
}

static void test_md_ordered_reversed(void **state)
{
	(void)state;
	expect_md("<ol reversed><li>x</li><li>y</li><li>z</li></ol><p>Mid.</p>"
	    "<ol reversed start=\"10\"><li>a</li><li>b</li></ol>",
	    "3. x\n2. y\n1. z\n\nMid.\n\n10. a\n9. b\n");
}

static void test_md_item_second_paragraph(void **state)
{
	(void)state;
	expect_md("<ul><li><p>First para.</p><p>Second para.</p></li>"
	    "<li>Next</li></ul>",
	    "- First para.\n\n   Second para.\n- Next\n");
	expect_md("<ol><li>line<br>break</li></ol>", "1. line  \n   break\n");
}

static void test_md_blockquote(void **state)
{
	(void)state;
	expect_md("<blockquote><p>Outer.</p></blockquote><p>Between.</p>"
	    "<blockquote><blockquote><p>Deep.</p></blockquote></blockquote>",
	    "> Outer.\n\nBetween.\n\n> > Deep.\n");
}

static void test_md_blockquote_two_paragraphs(void **state)
{
	/* A blank line without '>' ends the quote: the paragraphs would
	 * become two separate blockquotes. */
	(void)state;
	expect_md("<blockquote><p>First.</p><p>Second.</p></blockquote>",
	    "> First.\n>\n> Second.\n");
}

static void test_md_pre_fence(void **state)
{
	(void)state;
	expect_md("<p>Code:</p><pre>  int x = a &lt; b;\n\n    *p = `q`_;</pre>",
	    "Code:\n\n```\n  int x = a < b;\n\n    *p = `q`_;\n```\n");
}

static void test_md_pre_longer_fence(void **state)
{
	(void)state;
	expect_md("<p>Markdown:</p><pre>```\nx\n```</pre><p>End.</p>",
	    "Markdown:\n\n````\n```\nx\n```\n````\n\nEnd.\n");
}

static void test_md_table(void **state)
{
	(void)state;
	expect_md("<table><tr><th>Name</th><th>Value</th></tr>"
	    "<tr><td>a|b</td><td><b>2</b></td><td>extra</td></tr>"
	    "<tr><td>c</td><td>d</td></tr></table><p>After.</p>",
	    "| Name | Value | |\n| --- | --- | --- |\n"
	    "| a\\|b | **2** | extra |\n| c | d |\n\nAfter.\n");
}

static void test_md_hr_and_br(void **state)
{
	(void)state;
	expect_md("<p>Above.</p><hr><p>line one<br>line two</p>",
	    "Above.\n\n---\n\nline one  \nline two\n");
}

static void test_md_heading_keeps_code_and_link(void **state)
{
	(void)state;
	expect_md("<h2>Using <code>malloc</code> safely</h2><p>Text.</p>",
	    "## Using `malloc` safely\n\nText.\n");
	expect_md("<h2><a href=\"#s\">Section</a> one</h2><p>Text.</p>",
	    "## [Section](<https://example.org/dir/page.html#s>) one\n\n"
	    "Text.\n");
}

static void test_md_table_cell_keeps_code_and_link(void **state)
{
	(void)state;
	expect_md("<table><tr><th>Call</th><th>See</th></tr>"
	    "<tr><td><code>f()</code></td><td><a href=\"f.html\">docs</a></td>"
	    "</tr></table>",
	    "| Call | See |\n| --- | --- |\n"
	    "| `f()` | [docs](<https://example.org/dir/f.html>) |\n");
}

/* ------------------------------------------------- both outputs */

static void test_cjk_rtl_unchanged(void **state)
{
	static const char ja[] = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe3\x81\xae"
	    "\xe6\x96\x87\xe7\xab\xa0\xe3\x81\xa7\xe3\x81\x99\xe3\x80\x82";
	static const char he[] = "\xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa "
	    "\xd7\x98\xd7\xa7\xd7\xa1\xd7\x98";
	static const char ar[] = "\xd9\x85\xd8\xb1\xd8\xad\xd8\xa8\xd8\xa7 "
	    "\xd8\xa8\xd8\xa7\xd9\x84\xd8\xb9\xd8\xa7\xd9\x84\xd9\x85";
	char html[512], text[256], md[256];

	(void)state;
	snprintf(html, sizeof html, "<p>%s</p><p dir=\"rtl\">%s</p>"
	    "<p dir=\"rtl\">%s</p>", ja, he, ar);
	snprintf(text, sizeof text, "%s\n\n%s\n\n%s", ja, he, ar);
	snprintf(md, sizeof md, "%s\n\n%s\n\n%s\n", ja, he, ar);
	expect_text(html, text);
	expect_md(html, md);
}

static void test_control_chars_never_output(void **state)
{
	static const char html[] =
	    "<html><head><title>T\x1b" "]0;evil\x07" "</title></head><body>"
	    "<h2>Head\x1b" "[1m line</h2>"
	    "<p>Bell\x07" " and esc\x1b" "[31m red \xc2\x9b" "2J end.</p>"
	    "<pre>pre\x1b" "[0m text\x07" "</pre>"
	    "<p><a href=\"https://x.example/a\x1b" "[2Jb\x07" "c\xc2\x9b" "d\">"
	    "link</a> and <code>co\x1b" "de</code> text.</p>"
	    /* character references reach the text and attributes as the
	     * code points themselves (U+009B is remapped to U+203A, but
	     * U+009D is not) */
	    "<p>Refs &#27;[1m &#7; &#x9d; &#x9b; in text, and "
	    "<a href=\"https://x.example/r&#27;[2J&#7;&#x9d;\">a ref link</a>."
	    "</p>"
	    "<table><tr><td>c\x1b" "ell</td><td>x</td></tr></table>"
	    "</body></html>";
	(void)state;

	for (int mode = TEXT; mode <= MD; mode++) {
		char *out = render(html, mode, 0);
		int ok = out != NULL && strchr(out, '\x1b') == NULL &&
		    strchr(out, '\x07') == NULL && strstr(out, "\xc2\x9b") == NULL &&
		    strstr(out, "\xc2\x9d") == NULL &&
		    strstr(out, "end.") != NULL && strstr(out, "link") != NULL &&
		    strstr(out, "a ref link") != NULL;

		if (!ok)
			show(mode == MD ? "markdown got:" : "text got:", out);
		free(out);
		assert_true(ok);
	}
}

/* PITH_TEXT_LINKS numbers links as pith_article_links lists them: a
 * link split over styled runs is one, a caption's only with captions. */
static void
test_links_numbered(void **state)
{
	static const char html[] = "<article><p>One <a href=\"/a\">first <b>bold</b> link</a> "
	    "and <a href=\"/b\">second</a>, with words enough to be an article, more and "
	    "more words.</p><figure><img src=x.png alt=pic><figcaption>See "
	    "<a href=\"/c\">third</a></figcaption></figure></article>";
	extracted r = extract_page_url(html, "https://e.com/", "readability", NULL);
	pith_error err = {0};
	const char **links;
	size_t n, len;
	char *out;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(pith_article_text(r.a, PITH_TEXT_LINKS, &out, &len, &err), PITH_OK);
	assert_non_null(strstr(out, "first bold link[1] and second[2],"));
	assert_null(strstr(out, "[3]"));
	free(out);
	assert_int_equal(pith_article_links(r.a, 0, &links, &n, &err), PITH_OK);
	assert_int_equal(n, 2);
	assert_string_equal(links[0], "https://e.com/a");
	assert_string_equal(links[1], "https://e.com/b");
	free(links);
	assert_int_equal(pith_article_text(r.a, PITH_TEXT_LINKS | PITH_TEXT_CAPTIONS, &out, &len,
	    &err), PITH_OK);
	assert_non_null(strstr(out, "third[3]"));
	free(out);
	assert_int_equal(pith_article_links(r.a, PITH_TEXT_CAPTIONS, &links, &n, &err), PITH_OK);
	assert_int_equal(n, 3);
	assert_string_equal(links[2], "https://e.com/c");
	free(links);
	/* Without the flag the text is as it was. */
	assert_null(strstr(r.text, "[1]"));
	extracted_free(&r);
}

/* An image inside a sentence: its alt text in place with captions (and
 * its link's number after it), and without them the text reads as if it
 * were not there: no double space, no space before the end. */
static void
test_images_inline(void **state)
{
	static const char html[] = "<article><p>A fox <img src=f.jpg alt='red fox'> ran, "
	    "a <img src=a.png alt=A> <img src=b.png alt=B> bee, <a href=/l>see "
	    "<img src=g.jpg alt=dog></a> and <a href=/m><img src=m.jpg alt=cat></a> "
	    "here <img src=e.jpg alt=end></p></article>";
	extracted r = extract_page_url(html, "https://e.com/", "readability", NULL);
	pith_error err = {0};
	const char **links;
	size_t len, n;
	char *out;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	assert_string_equal(r.text, "A fox ran, a bee, see and here");
	assert_int_equal(pith_article_text(r.a, PITH_TEXT_LINKS, &out, &len, &err), PITH_OK);
	assert_string_equal(out, "A fox ran, a bee, see[1] and here");
	free(out);
	assert_int_equal(pith_article_links(r.a, 0, &links, &n, &err), PITH_OK);
	assert_int_equal(n, 1);
	free(links);
	assert_int_equal(pith_article_text(r.a, PITH_TEXT_CAPTIONS | PITH_TEXT_LINKS, &out,
	    &len, &err), PITH_OK);
	/* A link with no text but an image has no number. */
	assert_string_equal(out, "A fox red fox ran, a A B bee, see dog[1] and cat here end");
	free(out);
	assert_int_equal(pith_article_markdown(r.a, &out, &len, &err), PITH_OK);
	assert_string_equal(out, "A fox ![red fox](<https://e.com/f.jpg>) ran, a "
	    "![A](<https://e.com/a.png>) ![B](<https://e.com/b.png>) bee, "
	    "[see ![dog](<https://e.com/g.jpg>)](<https://e.com/l>) and "
	    "[![cat](<https://e.com/m.jpg>)](<https://e.com/m>) here "
	    "![end](<https://e.com/e.jpg>)\n");
	free(out);
	extracted_free(&r);
}

/* In Markdown a link holding an image and words is one link, as its
 * number is one in text: the image stands where the page put it, the
 * white space at the link's edges goes outside the brackets (a space
 * the page put between the image and the words stays inside). */
static void
test_markdown_image_links(void **state)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "See <a href=/u><img src=i.png alt=owl> the owl</a> fly",
		  "See [![owl](<https://e.com/i.png>) the owl](<https://e.com/u>) fly" },
		{ "See <a href=/u>an <img src=i.png alt=elk> elk</a> run",
		  "See [an ![elk](<https://e.com/i.png>) elk](<https://e.com/u>) run" },
		{ "See <a href=/u> the bat <img src=i.png alt=bat> </a> go",
		  "See [the bat ![bat](<https://e.com/i.png>)](<https://e.com/u>) go" },
		{ "See <a href=/u>one</a> <a href=/v><img src=i.png alt=two></a> <i>three</i>",
		  "See [one](<https://e.com/u>) [![two](<https://e.com/i.png>)](<https://e.com/v>) *three*" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char html[512], want[512], *out;
		size_t len;
		pith_error err = {0};
		extracted r;

		snprintf(html, sizeof html, "<article><p>A paragraph before, long enough to "
		    "be kept with the one after it.</p><p>%s.</p></article>", cases[i].in);
		snprintf(want, sizeof want, "A paragraph before, long enough to be kept with "
		    "the one after it.\n\n%s.\n", cases[i].out);
		r = extract_page_url(html, "https://e.com/", "readability", NULL);
		assert_int_equal(r.rc, PITH_OK);
		assert_int_equal(pith_article_markdown(r.a, &out, &len, &err), PITH_OK);
		assert_string_equal(out, want);
		free(out);
		extracted_free(&r);
	}
}

/* A table writer that says what it was given. */
static int
fake_table(void *ctx, const pith_article *a, size_t first, size_t n, unsigned flags,
           size_t *links, char **out, size_t *len)
{
	char t[64];

	(void)a;
	(*(int *)ctx)++;
	*len = (size_t)snprintf(t, sizeof t, "<table %zu+%zu links %zu>", first, n, *links);
	*links += (flags & PITH_TEXT_LINKS) ? 2 : 0;
	return (*out = strdup(t)) == NULL;
}

static int
failing_table(void *ctx, const pith_article *a, size_t first, size_t n, unsigned flags,
              size_t *links, char **out, size_t *len)
{
	(void)ctx, (void)a, (void)first, (void)n, (void)flags, (void)links, (void)len;
	*out = NULL;
	return -1;
}

/* Each table goes to the writer whole, in its place, its links counted
 * on among the others'. */
static void
test_text_tables(void **state)
{
	static const char html[] = "<article><p>One <a href=/a>link</a> first, and "
	    "words enough to be an article.</p><table><tr><td>a<td>b</tr>"
	    "<tr><td>c<td>d</tr></table><p>Then <a href=/b>two</a>.</p>"
	    "<table><tr><td>e</tr></table></article>";
	static const char row[] = "<table><tr><td><a href=/x>x</a><td>y</tr></table>";
	extracted r = extract_page_url(html, "https://e.com/", "readability", NULL);
	pith_error err = {0};
	size_t len;
	char *out;
	int calls = 0;

	(void)state;
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(pith_article_text_tables(r.a, PITH_TEXT_LINKS, fake_table, &calls,
	    &out, &len, &err), PITH_OK);
	assert_string_equal(out, "One link[1] first, and words enough to be an article.\n\n"
	    "<table 1+2 links 1>\n\nThen two[4].\n\n<table 4+1 links 4>");
	assert_int_equal(calls, 2);
	free(out);
	assert_int_equal(pith_article_text_tables(r.a, 0, failing_table, NULL, &out, &len,
	    &err), PITH_ENOMEM);
	/* Without a writer a row is a line; a link's number stays in its cell. */
	extracted_free(&r);
	r = extract_page_url(row, "https://e.com/", "readability", NULL);
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(pith_article_text(r.a, PITH_TEXT_LINKS, &out, &len, &err), PITH_OK);
	assert_string_equal(out, "x[1]\ty");
	free(out);
	extracted_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_blocks_blank_line),
		cmocka_unit_test(test_text_title_not_included),
		cmocka_unit_test(test_text_lists_adjacent_no_markers),
		cmocka_unit_test(test_text_table_rows_and_tabs),
		cmocka_unit_test(test_text_pre_verbatim),
		cmocka_unit_test(test_text_br),
		cmocka_unit_test(test_text_entities_and_whitespace),
		cmocka_unit_test(test_text_partial_span),
		cmocka_unit_test(test_empty_page_no_article),
		cmocka_unit_test(test_md_headings),
		cmocka_unit_test(test_md_emphasis),
		cmocka_unit_test(test_md_markers_hug_text),
		cmocka_unit_test(test_md_inline_code),
		cmocka_unit_test(test_md_inline_code_edge_backtick),
		cmocka_unit_test(test_md_links_resolved),
		cmocka_unit_test(test_md_link_base_and_space),
		cmocka_unit_test(test_md_link_spans_styles),
		cmocka_unit_test(test_md_link_whitespace_outside),
		cmocka_unit_test(test_md_escapes),
		cmocka_unit_test(test_md_escape_line_start),
		cmocka_unit_test(test_md_escape_ordered_lookalike),
		cmocka_unit_test(test_md_bullets_nested),
		cmocka_unit_test(test_md_ordered_start_value),
		cmocka_unit_test(test_md_ordered_reversed),
		cmocka_unit_test(test_md_item_second_paragraph),
		cmocka_unit_test(test_md_blockquote),
		cmocka_unit_test(test_md_blockquote_two_paragraphs),
		cmocka_unit_test(test_md_pre_fence),
		cmocka_unit_test(test_md_pre_longer_fence),
		cmocka_unit_test(test_md_table),
		cmocka_unit_test(test_md_hr_and_br),
		cmocka_unit_test(test_md_heading_keeps_code_and_link),
		cmocka_unit_test(test_md_table_cell_keeps_code_and_link),
		cmocka_unit_test(test_cjk_rtl_unchanged),
		cmocka_unit_test(test_control_chars_never_output),
		cmocka_unit_test(test_links_numbered),
		cmocka_unit_test(test_images_inline),
		cmocka_unit_test(test_markdown_image_links),
		cmocka_unit_test(test_text_tables),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
