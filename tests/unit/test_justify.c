/* test_justify.c - justified paragraphs in the reader's layout: every
 * line of a paragraph but its last exactly the measure, the words and
 * their order unchanged, never code, tables, headings or a line that a
 * <br> ends; search unchanged. */
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

static const char page[] = "<html lang=en><head><title>T</title></head><body><article>"
    "<h2>A heading long enough to wrap over two lines here</h2>"
    "<p>The quick brown fox jumps over the lazy dog while the five boxing "
    "wizards jump quickly and a wizard's job is to vex chumps quickly in fog.</p>"
    "<p>Short line<br>then one after a break that goes on long enough to wrap "
    "at least once more.</p>"
    "<pre>code  stays  as  it  is, never spread to the margins at all</pre>"
    "<table><tr><td>a cell</td><td>another cell</td></tr></table>"
    "<ul><li>An item of a list is a paragraph too, and it wraps under its "
    "bullet like any other.</li></ul>"
    "<p>Sphinx of black quartz, judge my vow: pack my box with five dozen "
    "liquor jugs, and then some more words.</p>"
    "</article></body></html>";

typedef struct {
	pith_doc *doc;
	pith_article *art;
} doc;

static void
lay(const doc *d, layout *l, int width, int justify)
{
	layout_options o = { .width = width, .numbers = 1, .justify = justify, .bidi = 1 };

	assert_int_equal(layout_article(l, d->art, &o), 0);
}

static void
open_doc(doc *d, const char *html)
{
	pith_error err;

	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &d->doc, &err), PITH_OK);
	assert_int_equal(pith_extract(d->doc, "readability", NULL, &d->art, &err), PITH_OK);
}

static void
close_doc(doc *d)
{
	pith_article_free(d->art);
	pith_doc_free(d->doc);
}

/* s with every run of spaces made one. */
static void
squeeze(const char *s, char *out)
{
	size_t k = 0;

	for (; *s; s++)
		if (*s != ' ' || (k > 0 && out[k - 1] != ' '))
			out[k++] = *s;
	out[k] = '\0';
}

/* Whether line i is the last of its block (the next shows another). */
static int
last_of_block(const layout *l, size_t i)
{
	return i + 1 >= l->nlines || l->lines[i + 1].block != l->lines[i].block;
}

static void
test_widths(void **state)
{
	doc d;
	layout plain = {0}, just = {0};
	char a[512], b[512], sa[512], sb[512];
	int full = 0;

	(void)state;
	open_doc(&d, page);
	lay(&d, &plain, 30, 0);
	lay(&d, &just, 30, 1);
	/* The same lines, the same words in them. */
	assert_int_equal(plain.nlines, just.nlines);
	for (size_t i = 0; i < just.nlines; i++) {
		const layout_line *ln = &just.lines[i];
		const pith_block *blk = ln->block != LAYOUT_NONE ?
		    pith_doc_block(d.doc, ln->block) : NULL;

		layout_line_text(&plain, i, a, sizeof a);
		layout_line_text(&just, i, b, sizeof b);
		squeeze(a, sa);
		squeeze(b, sb);
		assert_string_equal(sa, sb);
		assert_int_equal(ln->width, wrap_width(b, strlen(b)));
		if (blk == NULL || (blk->kind != PITH_BLOCK_PARA && blk->kind != PITH_BLOCK_ITEM)) {
			/* Headings, code, tables: as they were. */
			assert_string_equal(a, b);
			continue;
		}
		if (last_of_block(&just, i) || strcmp(a, "Short line") == 0) {
			/* A paragraph's last line, or one a <br> ends. */
			assert_string_equal(a, b);
		} else {
			assert_int_equal(ln->width, 30);
			full++;
		}
	}
	assert_true(full >= 6);
	layout_free(&plain);
	layout_free(&just);
	close_doc(&d);
}

/* The spaces added are no page text: a search across a widened gap
 * still finds the words. */
static void
test_search(void **state)
{
	doc d;
	layout l = {0};
	layout_hit *hits;
	size_t nhits, nmatch;

	(void)state;
	open_doc(&d, page);
	lay(&d, &l, 30, 1);
	assert_int_equal(layout_search(&l, "quick brown fox jumps over the lazy dog", &hits,
	    &nhits, &nmatch), 0);
	assert_int_equal(nmatch, 1);
	free(hits);
	layout_free(&l);
	close_doc(&d);
}

/* A right-to-left paragraph fills its lines too: nothing to pad. */
static void
test_rtl(void **state)
{
	doc d;
	layout l = {0};
	char v[512];
	size_t rtl = 0;

	(void)state;
	open_doc(&d, "<html dir=rtl lang=he><head><title>T</title></head><body><article>"
	    "<p>הגינה הקהילתית נפתחה בשבוע שעבר ליד בית הספר, והתושבים מוזמנים לבוא "
	    "ולעבוד בה בכל בוקר. כל משפחה מקבלת ערוגה קטנה משלה, מים וכלים.</p>"
	    "<p>פסקה שנייה ארוכה מספיק כדי שהמאמר יישמר כולו בכל שיטה.</p>"
	    "</article></body></html>");
	lay(&d, &l, 30, 1);
	for (size_t i = 0; i < l.nlines; i++) {
		if (!(l.lines[i].flags & LAYOUT_RTL) || l.lines[i].block == LAYOUT_NONE ||
		    last_of_block(&l, i))
			continue;
		bidi_line_text(&l, i, 0, v, sizeof v);
		assert_int_equal(wrap_width(v, strlen(v)), 30);
		assert_true(v[0] != ' ');
		rtl++;
	}
	assert_true(rtl >= 2);
	layout_free(&l);
	close_doc(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_widths),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_rtl),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
