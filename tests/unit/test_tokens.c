/* test_tokens.c - the overlay's token level (ui/render/tokens.c) and
 * readability's evidence behind it (pith_article_candidates). */
#include "helpers.h"
#include "pith_debug.h"
#include "tokens.h"
#include "wrap.h"

static const char page[] =
    "<html><body><nav><p><a href=/a>Home</a> <a href=/b>News</a></p></nav>"
    "<div id=main><div class=\"story body\"><h2>A heading</h2>"
    "<p>The first paragraph of the story has plenty of words, commas, and "
    "clauses in it, as stories do, and it goes on a while.</p>"
    "<p>The second paragraph goes on with the story, again with many words "
    "and some more commas, so that it is kept, all of it.</p></div>"
    "<div class=side><p>A side note, short, with a comma or two, here.</p></div>"
    "</div><footer><p>Copyright the site</p></footer></body></html>";

/* The view's lines joined, one per line. */
static char *
view_text(const tokens_view *v)
{
	size_t size = 1 << 16, k = 0;
	char *s = malloc(size), line[4096];

	assert_non_null(s);
	s[0] = '\0';
	for (size_t i = 0; i < v->lay.nlines; i++) {
		layout_line_text(&v->lay, i, line, sizeof line);
		k += (size_t)snprintf(s + k, size - k, "%s\n", line);
		assert_true(k < size);
	}
	return s;
}

static size_t
line_with(const tokens_view *v, const char *what)
{
	char line[4096];

	for (size_t i = 0; i < v->lay.nlines; i++) {
		layout_line_text(&v->lay, i, line, sizeof line);
		if (strstr(line, what) != NULL)
			return i;
	}
	fail_msg("no line holds '%s'", what);
	return 0;
}

/* MSS: tags as markers with their score, the span's ends marked where
 * they fall, a sparkline under each line of tokens, and n/N's marks on
 * the lines of the ends. */
static void
test_mss(void **state)
{
	pith_doc *d = parse_url(page, "http://example.com/");
	pith_article *a = NULL;
	pith_error err = {0};
	tokens_view v;
	size_t first, last, start, end;
	char *s;

	(void)state;
	assert_int_equal(pith_extract(d, "mss", NULL, &a, &err), PITH_OK);
	assert_int_equal(tokens_layout(&v, a, 60, 0), 0);
	assert_int_equal(v.evidence, 0);
	s = view_text(&v);
	assert_non_null(strstr(s, "\xe2\x80\xb9p\xe2\x80\xba-3.25"));
	assert_non_null(strstr(s, "\xe2\x80\xb9/a\xe2\x80\xba-3.25"));
	assert_true(pith_article_token_span(a, &first, &last));
	{
		char want[64];

		snprintf(want, sizeof want, "span starts at token %zu", first);
		assert_non_null(strstr(s, want));
		snprintf(want, sizeof want, "span ends at token %zu", last);
		assert_non_null(strstr(s, want));
	}
	/* The sparkline: the running sum's blocks under the kept words. */
	assert_non_null(strstr(s, "\xe2\x96\x88"));
	start = line_with(&v, "\xe2\x96\xb6");
	end = line_with(&v, "\xe2\x97\x80");
	assert_true(start < end);
	assert_int_equal(v.nmarks, 2);
	assert_int_equal(tokens_mark(&v, 0, 1), start);
	assert_int_equal(tokens_mark(&v, start, 1), end);
	assert_int_equal(tokens_mark(&v, end, 1), start);     /* wraps */
	assert_int_equal(tokens_mark(&v, end, -1), start);
	assert_int_equal(tokens_mark(&v, start, -1), end);
	/* Every line fits, and every block has its heading line. */
	for (size_t i = 0; i < v.lay.nlines; i++)
		assert_true(v.lay.lines[i].width <= 60 || v.lay.lines[i].nseg == 1);
	for (size_t b = 0; b < pith_doc_nblocks(d); b++)
		assert_int_not_equal(layout_line_of_block(&v.lay, b), LAYOUT_NONE);
	free(s);
	tokens_free(&v);
	/* In ASCII nothing else is shown. */
	assert_int_equal(tokens_layout(&v, a, 60, 1), 0);
	for (size_t i = 0; i < v.lay.ntext; i++)
		assert_true((unsigned char)v.lay.text[i] < 0x80);
	s = view_text(&v);
	assert_non_null(strstr(s, "<p>-3.25"));
	assert_non_null(strstr(s, ">>"));
	free(s);
	tokens_free(&v);
	pith_article_free(a);
	pith_doc_free(d);
}

/* Readability: its container, the rivals and the siblings, with the
 * numbers that decided, and the path of each. */
static void
test_readability(void **state)
{
	pith_doc *d = parse_url(page, "http://example.com/");
	pith_article *a = NULL;
	pith_error err = {0};
	const pith_candidate *c;
	size_t n, top = 0, tops = 0, siblings = 0;
	tokens_view v;
	char path[256], *s;

	(void)state;
	assert_int_equal(pith_extract(d, "readability", NULL, &a, &err), PITH_OK);
	n = pith_article_ncandidates(a);
	c = pith_article_candidates(a);
	assert_true(n >= 2);
	for (size_t i = 0; i < n; i++) {
		if (c[i].role == PITH_CAND_TOP) {
			tops++;
			top = c[i].node;
			assert_true(c[i].passed);
		}
		if (c[i].role == PITH_CAND_SIBLING) {
			siblings++;
			assert_true(c[i].threshold >= 10);
			assert_int_equal(pith_doc_node(d, c[i].node)->parent,
			    pith_doc_node(d, top)->parent);
		}
		assert_true(c[i].links >= 0 && c[i].links <= 1);
	}
	assert_int_equal(tops, 1);
	assert_true(siblings >= 1);
	tokens_node_path(d, top, path, sizeof path);
	assert_string_equal(path, "div#main > div.story");
	assert_int_equal(c[0].weight, 25);
	assert_int_equal(tokens_layout(&v, a, 80, 0), 0);
	assert_int_equal(v.evidence, 1);
	s = view_text(&v);
	assert_non_null(strstr(s, "div#main > div.story"));
	assert_non_null(strstr(s, "weight +25"));
	assert_non_null(strstr(s, "threshold"));
	assert_non_null(strstr(s, "div#main > div.side"));
	assert_true(v.nmarks >= 1);
	free(s);
	tokens_free(&v);
	pith_article_free(a);
	/* MSS leaves no evidence; auto's MSS answer drops readability's. */
	assert_int_equal(pith_extract(d, "mss", NULL, &a, &err), PITH_OK);
	assert_int_equal(pith_article_ncandidates(a), 0);
	assert_null(pith_article_candidates(a));
	pith_article_free(a);
	pith_doc_free(d);
}

/* A block method: the tokens without scores, the kept runs' edges
 * marked. */
static void
test_blocks(void **state)
{
	pith_doc *d = parse_url(page, "http://example.com/");
	pith_article *a = NULL;
	pith_error err = {0};
	tokens_view v;
	char *s;

	(void)state;
	assert_int_equal(pith_extract(d, "linkdensity", NULL, &a, &err), PITH_OK);
	assert_int_equal(tokens_layout(&v, a, 70, 0), 0);
	assert_int_equal(v.evidence, 0);
	s = view_text(&v);
	assert_non_null(strstr(s, "a kept run starts at token"));
	assert_non_null(strstr(s, "\xe2\x80\xb9p\xe2\x80\xba "));
	assert_null(strstr(s, "-3.25"));
	assert_true(v.nmarks >= 2);
	free(s);
	tokens_free(&v);
	pith_article_free(a);
	pith_doc_free(d);
}

/* Page text in the view is made safe: no control characters. */
static void
test_safe(void **state)
{
	pith_doc *d = parse_url("<p>A paragraph with \x1b]52;c;evil\x07 bytes and "
	    "words, enough words to be kept by the method, more of them.</p>", NULL);
	pith_article *a = NULL;
	pith_error err = {0};
	tokens_view v;

	(void)state;
	assert_int_equal(pith_extract(d, "mss", NULL, &a, &err), PITH_OK);
	assert_int_equal(tokens_layout(&v, a, 40, 0), 0);
	for (size_t i = 0; i < v.lay.ntext; i++)
		assert_true((unsigned char)v.lay.text[i] >= 0x20);
	tokens_free(&v);
	pith_article_free(a);
	pith_doc_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mss),
		cmocka_unit_test(test_readability),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_safe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
