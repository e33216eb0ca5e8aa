/* test_bidi.c - right-to-left text: the direction of blocks and lines in
 * visual order.  The expected lines are worked out by hand from UAX #9:
 * in a right-to-left line the Hebrew words come right to left (each
 * one's letters reversed, as the screen shows them), while an English
 * name and a number inside keep their own left-to-right order. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bidi.h"
#include "layout.h"
#include "wrap.h"

typedef struct {
	pith_doc *doc;
	pith_article *art;
	layout l;
} fixture;

static void
load(fixture *f, const char *html, int width, int bidi, int overlay)
{
	layout_options o = { .width = width, .numbers = 1, .bidi = bidi,
	    .overlay = overlay };
	pith_error err;
	pith_code rc;

	memset(f, 0, sizeof *f);
	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &f->doc, &err), PITH_OK);
	rc = pith_extract(f->doc, "readability", NULL, &f->art, &err);
	assert_true(rc == PITH_OK || rc == PITH_ENOARTICLE);
	assert_int_equal(layout_article(&f->l, f->art, &o), 0);
}

static void
unload(fixture *f)
{
	layout_free(&f->l);
	pith_article_free(f->art);
	pith_doc_free(f->doc);
}

/* The first line whose logical text holds needle. */
static size_t
find_line(const layout *l, const char *needle)
{
	char buf[4096];

	for (size_t i = 0; i < l->nlines; i++) {
		layout_line_text(l, i, buf, sizeof buf);
		if (strstr(buf, needle) != NULL)
			return i;
	}
	fail_msg("no line holds '%s'", needle);
	return LAYOUT_NONE;
}

/* Whether s ends with tail. */
static int
ends(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && strcmp(s + n - m, tail) == 0;
}

static int shaping;

/* Line i as shown (shaped when shaping), and its width in columns. */
static const char *
shown(const layout *l, size_t i, int *width)
{
	static char buf[4096];

	bidi_line_text(l, i, shaping, buf, sizeof buf);
	if (width != NULL)
		*width = wrap_width(buf, strlen(buf));
	return buf;
}

#define PAGE(html_attrs, body) \
	"<html" html_attrs "><head><title>T</title></head><body><article>" body \
	"<p>Filler words for the extractor, so that the article is kept whole " \
	"by every method, and a few more of them.</p></article></body></html>"

static const char mixed[] = PAGE(" dir=rtl lang=he",
	"<p>המתנדב David Cohen שתל 24 עצים בגינה.</p>"
	"<p>שלום (עולם).</p>"
	"<ul><li>ספר חדש</li></ul>"
	"<ol><li>אחד</li></ol>"
	"<h2>כותרת משנה</h2>"
	"<blockquote><p>שלום עולם</p></blockquote>"
	"<p>קישור <a href=https://example.org/>אחד</a> שניים</p>"
	"<p dir=ltr>Left to right, as written.</p>");

/* A right-to-left line of mixed, found by its logical text: what it
 * ends with as shown, and its width (0: not checked). */
typedef struct {
	const char *needle, *tail;
	int width;
} shown_case;

static void
test_visual_order(void **state)
{
	static const shown_case cases[] = {
		/* Flush right: the line ends at the column's right edge. */
		{ "David", " .הניגב םיצע 24 לתש David Cohen בדנתמה", 60 },
		/* Brackets in right-to-left text are mirrored (L4). */
		{ "(עולם)", " .(םלוע) םולש", 60 },
		/* The bullet and the quote bar go to the right side. */
		{ "ספר חדש", " שדח רפס \xe2\x80\xa2", 60 },
		/* Headings go to the right side too. */
		{ "כותרת", " הנשמ תרתוכ", 60 },
		/* "1. " in a right-to-left line reads from the right: " .1". */
		{ "1. ", " דחא .1", 60 },
		{ "שלום עולם", " םלוע םולש \xe2\x94\x82", 60 },
		/* A link's number reads as written, after the link's text. */
		{ "קישור", " םיינש [1]דחא רושיק", 0 },
	};
	fixture f;
	size_t i;
	int w;

	(void)state;
	load(&f, mixed, 60, 1, 0);
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		const shown_case *c = &cases[k];
		const char *v = shown(&f.l, find_line(&f.l, c->needle), &w);

		if (!ends(v, c->tail))
			fail_msg("line of '%s': \"%s\" does not end in \"%s\"", c->needle, v,
			    c->tail);
		if (c->width != 0 && w != c->width)
			fail_msg("line of '%s': %d columns wide, not %d", c->needle, w, c->width);
	}
	i = find_line(&f.l, "David");
	assert_true(f.l.lines[i].flags & LAYOUT_RTL);
	/* 60 columns less the sentence's 37. */
	assert_int_equal(strspn(shown(&f.l, i, NULL), " "), 23);
	/* dir=ltr inside stays as it is. */
	i = find_line(&f.l, "Left to right");
	assert_false(f.l.lines[i].flags & LAYOUT_RTL);
	assert_string_equal(shown(&f.l, i, NULL), "Left to right, as written.");
	unload(&f);
}

static void
test_bidi_off(void **state)
{
	fixture f;
	size_t i;

	(void)state;
	/* Off: no line is marked, so the display leaves them alone. */
	load(&f, mixed, 60, 0, 0);
	for (i = 0; i < f.l.nlines; i++)
		assert_false(f.l.lines[i].flags & LAYOUT_RTL);
	unload(&f);
}

static void
test_overlay_gutter(void **state)
{
	fixture f;
	size_t i;
	char logical[4096];
	const char *v;

	(void)state;
	/* The overlay's gutter stays on the left, the text flush right. */
	load(&f, mixed, 60, 1, 1);
	i = find_line(&f.l, "David");
	layout_line_text(&f.l, i, logical, sizeof logical);
	v = shown(&f.l, i, NULL);
	assert_true(f.l.lines[i].gutter > 0);
	assert_memory_equal(v, logical, f.l.segs[f.l.lines[i].seg].len);
	assert_non_null(strstr(v, ".הניגב םיצע 24 לתש David Cohen בדנתמה"));
	assert_int_equal(wrap_width(v, strlen(v)), f.l.width);
	unload(&f);
}

/* A left-to-right line with a Hebrew word in it is reordered too. */
static void
test_ltr_line(void **state)
{
	fixture f;
	size_t i;

	(void)state;
	load(&f, PAGE(" lang=en", "<p>The word שלום עולם means hello world.</p>"), 60, 1, 0);
	i = find_line(&f.l, "The word");
	assert_false(f.l.lines[i].flags & LAYOUT_RTL);
	assert_string_equal(shown(&f.l, i, NULL), "The word םלוע םולש means hello world.");
	unload(&f);
}

/* A right-to-left table: its first column on the right, each cell read
 * in its own direction, the columns still lined up.  The cells are
 * "שם", "גיל" over "דנה", "12": columns 3 and 3 wide, so the first row
 * is "שם" padded to 3, " │ ", "גיל", and the second "דנה", " │ ", "12";
 * reversed as units and flush right, the bars fall in one column. */
static void
test_table(void **state)
{
	fixture f;
	const char *a, *b;
	int wa, wb;

	(void)state;
	load(&f, PAGE(" dir=rtl lang=he", "<p>טבלה קטנה של שמות וגילים, ועוד כמה מילים.</p>"
	    "<table><tr><td>שם</td><td>גיל</td></tr><tr><td>דנה</td><td>12</td></tr>"
	    "<tr><td>Tom</td><td>abc</td></tr></table>"), 40, 1, 0);
	a = shown(&f.l, find_line(&f.l, "\xe2\x94\x82 גיל"), &wa);
	assert_true(ends(a, " ליג \xe2\x94\x82  םש"));
	b = shown(&f.l, find_line(&f.l, "דנה \xe2\x94\x82"), &wb);
	assert_true(ends(b, " 12 \xe2\x94\x82 הנד"));
	assert_int_equal(wa, 40);
	assert_int_equal(wb, 40);
	/* Latin cells side by side stay in their own columns. */
	assert_true(ends(shown(&f.l, find_line(&f.l, "Tom \xe2\x94\x82"), NULL), " abc \xe2\x94\x82 Tom"));
	unload(&f);
}

/* bidi_shape: Arabic letters in the forms their neighbours give them.
 * سلام is seen, lam, alef, meem: seen begins the word (initial form
 * U+FEB3), lam joins both sides (medial U+FEE0), alef joins only the
 * letter before it (final U+FE8E), so meem stands alone (isolated
 * U+FEE1); shown right to left: meem, alef, lam, seen. */
static void
test_shape(void **state)
{
	fixture f;
	size_t i;

	(void)state;
	load(&f, PAGE(" dir=rtl lang=ar", "<p>سلام</p>"), 40, 1, 0);
	i = find_line(&f.l, "سلام");
	assert_true(ends(shown(&f.l, i, NULL), " مالس"));
	shaping = 1;
	assert_true(ends(shown(&f.l, i, NULL), " \uFEE1\uFE8E\uFEE0\uFEB3"));
	/* The width is the same: one cell a letter either way. */
	assert_int_equal(wrap_width(shown(&f.l, i, NULL), strlen(shown(&f.l, i, NULL))), 40);
	shaping = 0;
	unload(&f);
}

/* The header's line in a right-to-left page: the byline at the right,
 * then, each as written, the date and "1 min read", the separators
 * between them. */
static void
test_header(void **state)
{
	fixture f;

	(void)state;
	load(&f, "<html dir=rtl lang=he><head><title>כותרת</title>"
	    "<meta name=author content=\"מיכל אדלר\">"
	    "<meta property=article:published_time content=2015-03-17></head><body><article>"
	    "<p>שלום עולם, זו פסקה בעברית שיש בה מספיק מילים כדי להישמר.</p>"
	    "<p>Filler words for the extractor, so that the article is kept "
	    "whole by every method.</p></article></body></html>", 60, 1, 0);
	assert_true(ends(shown(&f.l, 0, NULL), " תרתוכ"));
	assert_true(ends(shown(&f.l, 1, NULL),
	    " 1 min read \xc2\xb7 17 Mar 2015 \xc2\xb7 רלדא לכימ"));
	unload(&f);
}

static void
test_block_dir(void **state)
{
	static const char page[] = "<html><body><div dir=rtl><p>one</p>"
	    "<p dir=ltr>two</p><p dir=auto>three</p><p dir=auto>שלוש</p></div>"
	    "<p>four</p><p dir=bogus>five</p></body></html>";
	pith_doc *d;
	pith_error err;
	const char *want[] = { "rtl", "ltr", "ltr", "rtl", NULL, NULL };

	(void)state;
	assert_int_equal(pith_doc_parse(page, strlen(page), NULL, &d, &err), PITH_OK);
	assert_int_equal(pith_doc_nblocks(d), 6);
	for (size_t b = 0; b < 6; b++) {
		if (want[b] == NULL)
			assert_null(pith_block_dir(d, b));
		else
			assert_string_equal(pith_block_dir(d, b), want[b]);
	}
	assert_null(pith_block_dir(d, 6));
	/* The page's dir: most of its text is rtl. */
	assert_int_equal(bidi_block_rtl(d, 4, 0, 4), 1);
	assert_int_equal(bidi_block_rtl(d, 1, 0, 3), 0);
	pith_doc_free(d);
}

/* No dir anywhere: the page's lang, else the text's first strong
 * character. */
static void
test_block_fallback(void **state)
{
	static const char he[] = "<html lang=he><body><p>plain English</p></body></html>";
	static const char none[] = "<html><body><p>12, שלום</p><p>hello שלום</p>"
	    "<p>123</p></body></html>";
	static const int want[] = { 1, 0, 0 };   /* none's blocks */
	pith_doc *d;
	pith_error err;

	(void)state;
	assert_int_equal(pith_doc_parse(he, strlen(he), NULL, &d, &err), PITH_OK);
	assert_int_equal(bidi_block_rtl(d, 0, 0, pith_doc_block(d, 0)->len), 1);
	pith_doc_free(d);
	assert_int_equal(pith_doc_parse(none, strlen(none), NULL, &d, &err), PITH_OK);
	for (size_t b = 0; b < 3; b++) {
		int got = bidi_block_rtl(d, b, 0, pith_doc_block(d, b)->len);

		if (got != want[b])
			fail_msg("block %zu (\"%s\"): rtl %d, not %d", b,
			    pith_doc_block(d, b)->text, got, want[b]);
	}
	assert_int_equal(bidi_page_text_rtl(d, "שלום", strlen("שלום")), 1);
	assert_int_equal(bidi_page_text_rtl(d, "T", 1), 0);
	pith_doc_free(d);
}

static void
test_text_and_lang(void **state)
{
	static const struct {
		const char *s;
		int rtl;
	} texts[] = {
		{ "שלום", 1 }, { "مرحبا", 1 }, { "42 hello", 0 }, { "42 -", -1 },
		{ "\xff\xfe", -1 },
	};
	static const struct {
		const char *lang;
		int rtl;
	} langs[] = {
		{ "he", 1 }, { "ar-EG", 1 }, { "fa_IR", 1 }, { "iw", 1 }, { "UR", 1 },
		{ "az-Arab", 1 }, { "sd-Deva", 0 }, { "en", 0 }, { "hea", 0 }, { "", 0 },
		{ NULL, 0 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		int got = bidi_text_rtl(texts[i].s, strlen(texts[i].s));

		if (got != texts[i].rtl)
			fail_msg("bidi_text_rtl(\"%s\") is %d, not %d", texts[i].s, got,
			    texts[i].rtl);
	}
	for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++)
		if ((bidi_lang_rtl(langs[i].lang) != 0) != langs[i].rtl)
			fail_msg("bidi_lang_rtl(\"%s\") is not %s", langs[i].lang != NULL ?
			    langs[i].lang : "(NULL)", langs[i].rtl ? "true" : "false");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_visual_order),
		cmocka_unit_test(test_bidi_off),
		cmocka_unit_test(test_overlay_gutter),
		cmocka_unit_test(test_ltr_line),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_shape),
		cmocka_unit_test(test_header),
		cmocka_unit_test(test_block_dir),
		cmocka_unit_test(test_block_fallback),
		cmocka_unit_test(test_text_and_lang),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
