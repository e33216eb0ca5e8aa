/* test_linkdensity.c - the link-density node ratio on pages whose ratios
 * are worked out from their text lengths. */
#include "helpers.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pith.h"
#include "pith_debug.h"

/* A menu of one link, and a story: a link-free paragraph and one that
 * ends in a link. */
static const char page[] =
	"<html><body><div id='nav'><a href='/a'>Menu entry</a></div>"
	"<div id='story'><p>The first paragraph has no link in it at all, and "
	"it is longer than the second one by a fair margin.</p>"
	"<p>The second paragraph ends with <a href='/x'>a link here</a></p>"
	"</div></body></html>";

static double
ratio(double p, double q, double text, double link, double total)
{
	return p * (text - link) / text + q * text / total;
}

static void
test_seed_weights(void **state)
{
	(void)state;
	extracted r = extract_page(page, "linkdensity", NULL);
	size_t nav, p1, p2;
	double t1, t2, total;
	const double *score;

	assert_int_equal(r.rc, PITH_OK);
	nav = block_starting(r.d, "Menu entry");
	p1 = block_starting(r.d, "The first");
	p2 = block_starting(r.d, "The second");
	t1 = (double)pith_doc_block(r.d, p1)->len;
	t2 = (double)pith_doc_block(r.d, p2)->len;
	total = 10 + t1 + t2;
	score = pith_article_block_scores(r.a);
	/* Each block shows its own element's ratio. */
	assert_true(fabs(score[nav] - ratio(0.99, 0.01, 10, 10, total)) < 1e-9);
	assert_true(fabs(score[p1] - ratio(0.99, 0.01, t1, 0, total)) < 1e-9);
	assert_true(fabs(score[p2] - ratio(0.99, 0.01, t2, 11, total)) < 1e-9);
	/* With the seed's q a link-free paragraph beats its container:
	 * 0.99 + 0.01 * share against 0.99 * (1 - links) + 0.01 * more. */
	assert_true(ratio(0.99, 0.01, t1, 0, total) >
	    ratio(0.99, 0.01, t1 + t2, 11, total));
	assert_true(pith_article_block_kept(r.a, p1));
	assert_false(pith_article_block_kept(r.a, p2));
	assert_false(pith_article_block_kept(r.a, nav));
	assert_non_null(strstr(pith_article_block_reason(r.a, p1), "kept: in p, ratio 0.997"));
	assert_non_null(strstr(pith_article_block_reason(r.a, nav), "dropped: outside p"));
	assert_non_null(strstr(pith_article_note(r.a), "linkdensity: p"));
	extracted_free(&r);
}

static void
test_larger_q(void **state)
{
	(void)state;
	pith_params *p = pith_params_new();
	pith_error err = {0};
	extracted r;
	size_t nav, p1, p2;

	assert_int_equal(pith_params_set(p, "linkdensity.q", "0.5", &err), PITH_OK);
	r = extract_page(page, "linkdensity", p);
	assert_int_equal(r.rc, PITH_OK);
	pith_params_free(p);
	nav = block_starting(r.d, "Menu entry");
	p1 = block_starting(r.d, "The first");
	p2 = block_starting(r.d, "The second");
	/* Size now counts: the story's div, both paragraphs, no menu. */
	assert_true(pith_article_block_kept(r.a, p1));
	assert_true(pith_article_block_kept(r.a, p2));
	assert_false(pith_article_block_kept(r.a, nav));
	assert_non_null(strstr(pith_article_block_reason(r.a, p2), "kept: in div#story"));
	assert_non_null(strstr(pith_article_block_reason(r.a, nav),
	    "dropped: outside div#story; its own node's ratio 0.03"));
	extracted_free(&r);
}

static void
test_params_listed(void **state)
{
	(void)state;
	const char *name, *doc;
	double dflt;
	int seen = 0;

	for (size_t i = 0; (name = pith_params_describe(i, &dflt, &doc)); i++) {
		if (strcmp(name, "linkdensity.p") == 0 && dflt == 0.99)
			seen |= 1;
		if (strcmp(name, "linkdensity.q") == 0 && dflt == 0.01)
			seen |= 2;
	}
	assert_int_equal(seen, 3);
	assert_non_null(pith_algorithm_find("linkdensity"));
}

static void
test_no_text(void **state)
{
	(void)state;
	extracted r = extract_page("<html><body><div><img src='x.png'></div></body></html>",
	    "linkdensity", NULL);

	assert_int_equal(r.rc, PITH_ENOARTICLE);
	assert_non_null(r.a);
	assert_non_null(strstr(r.err.msg, "no text"));
	extracted_free(&r);
}

/* Sums flow up without recursion: a page as deep as the parser allows. */
static void
test_deep(void **state)
{
	(void)state;
	enum { DEPTH = 480 };
	size_t cap = DEPTH * 12 + 256, n = 0;
	char *html = malloc(cap);
	extracted r;

	assert_non_null(html);
	n += (size_t)snprintf(html + n, cap - n, "<html><body>");
	for (int i = 0; i < DEPTH; i++)
		n += (size_t)snprintf(html + n, cap - n, "<div>");
	n += (size_t)snprintf(html + n, cap - n, "<p>Deep down there is some text.</p>");
	r = extract_page(html, "linkdensity", NULL);
	assert_int_equal(r.rc, PITH_OK);
	assert_int_equal(pith_article_nspans(r.a), 1);
	extracted_free(&r);
	free(html);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_weights),
		cmocka_unit_test(test_larger_q),
		cmocka_unit_test(test_params_listed),
		cmocka_unit_test(test_no_text),
		cmocka_unit_test(test_deep),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
