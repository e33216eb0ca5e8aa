/* test_site.c - subtree hashes, per-site counts, the "site" algorithm on
 * hand-made pages of one site, and the store's text format. */
#include "helpers.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pith.h"
#include "pith_debug.h"

static pith_doc *
parse(const char *html)
{
	return parse_url(html, NULL);
}

/* The hash of <div id=ID> in html. */
static uint64_t
div_hash(const char *html, const char *id)
{
	pith_doc *d = parse(html);
	pith_error err = {0};
	uint64_t *h, v;

	assert_int_equal(pith_site_hashes(d, &h, &err), PITH_OK);
	v = h[node_with_id(d, id)];
	free(h);
	pith_doc_free(d);
	return v;
}

static void
test_hashes(void **state)
{
	(void)state;
	uint64_t a = div_hash("<body><div id=x><p>Same <b>text</b> here.</p></div></body>", "x");
	uint64_t b = div_hash("<body><h1>Elsewhere</h1><section><div id=x><p>Same "
	    "<b>text</b>   here.</p></div></section><p>More</p></body>", "x");
	pith_doc *d;
	pith_error err = {0};
	uint64_t *h;

	/* Equal subtrees, whatever surrounds them (white space collapsed). */
	assert_true(a != 0);
	assert_true(a == b);
	/* Different text, tag, structure or order. */
	assert_true(a != div_hash("<div id=x><p>Same <b>text</b> there.</p></div>", "x"));
	assert_true(a != div_hash("<div id=x><p>Same <i>text</i> here.</p></div>", "x"));
	assert_true(a != div_hash("<div id=x><p>Same </p><p><b>text</b> here.</p></div>", "x"));
	assert_true(div_hash("<div id=x><p>one</p><p>two</p></div>", "x") !=
	    div_hash("<div id=x><p>two</p><p>one</p></div>", "x"));
	/* Attributes are not structure: the same menu with another class. */
	assert_true(a == div_hash("<div id=x class=y><p>Same <b>text</b> here.</p></div>", "x"));

	/* An element without text has no hash. */
	d = parse("<body><div id=e><span></span></div><p>Text</p></body>");
	assert_int_equal(pith_site_hashes(d, &h, &err), PITH_OK);
	assert_true(h[node_with_id(d, "e")] == 0);
	assert_true(h[node_with_tag(d, "p")] != 0);
	free(h);
	pith_doc_free(d);
}

static void
test_count_once(void **state)
{
	(void)state;
	const char *menu = "<ul id=m><li>Home</li></ul>";
	char html[512];
	pith_site *s = pith_site_new();
	pith_doc *d, *d2;
	pith_error err = {0};
	uint64_t *h;
	size_t li;
	int added = -1;

	assert_non_null(s);
	/* The same menu twice on one page counts once. */
	snprintf(html, sizeof html, "<body>%s<p>First page.</p>%s</body>", menu, menu);
	d = parse(html);
	assert_int_equal(pith_site_learn(s, d, NULL, &added, &err), PITH_OK);
	assert_int_equal(added, 1);
	assert_int_equal(pith_site_pages(s), 1);
	assert_int_equal(pith_site_hashes(d, &h, &err), PITH_OK);
	li = node_with_tag(d, "li");
	assert_int_equal(pith_site_count(s, h[li]), 1);

	/* The same page again, by content or by another address: once. */
	assert_int_equal(pith_site_learn(s, d, NULL, &added, &err), PITH_OK);
	assert_int_equal(added, 0);
	assert_int_equal(pith_site_learn(s, d, "https://example.org/a", &added, &err), PITH_OK);
	assert_int_equal(added, 0);
	assert_int_equal(pith_site_pages(s), 1);

	/* Another page with the menu; then the same address again. */
	snprintf(html, sizeof html, "<body>%s<p>Second page.</p></body>", menu);
	d2 = parse(html);
	assert_int_equal(pith_site_learn(s, d2, "https://example.org/b", &added, &err), PITH_OK);
	assert_int_equal(added, 1);
	assert_int_equal(pith_site_learn(s, d2, "https://example.org/b", &added, &err), PITH_OK);
	assert_int_equal(added, 0);
	assert_int_equal(pith_site_pages(s), 2);
	assert_int_equal(pith_site_count(s, h[li]), 2);
	assert_int_equal(pith_site_count(s, 12345), 0);

	/* A page without text teaches nothing. */
	pith_doc_free(d2);
	d2 = parse("<body><div></div></body>");
	assert_int_equal(pith_site_learn(s, d2, NULL, &added, &err), PITH_OK);
	assert_int_equal(added, 0);
	assert_int_equal(pith_site_pages(s), 2);
	free(h);
	pith_doc_free(d);
	pith_doc_free(d2);
	pith_site_free(s);
}

/* Page i of a site: shared header, sidebar and footer around an article
 * of its own, with a shared newsletter line inside the article. */
static char *
site_page(int i)
{
	char *p = malloc(4096);

	assert_non_null(p);
	snprintf(p, 4096,
	    "<html><head><title>Story %d</title></head><body>"
	    "<header><nav><ul><li><a href='/'>Home</a></li><li><a href='/news'>News"
	    "</a></li><li><a href='/about'>About</a></li></ul></nav>"
	    "<p>The Daily Example: all the examples fit to print, every day.</p></header>"
	    "<div id='main'><article><h1>Headline number %d</h1>"
	    "<p>Story %d tells its own tale about item %d, with commas, clauses, "
	    "and detail about topic %d that no other page has.</p>"
	    "<p>Sign up for the Example newsletter and get stories like this one, "
	    "every morning, free of charge, in your inbox.</p>"
	    "<p>A second paragraph of story %d adds more on %d: its history, its "
	    "people, and its place among the examples.</p>"
	    "<p>Story %d ends with a closing thought on subject %d, which is enough "
	    "text for any method to find it.</p></article>"
	    "<aside><h2>Popular</h2><p>The most read stories this week, shared by "
	    "every page of the site, long enough to pass for prose, too.</p></aside>"
	    "</div><footer><p>Copyright Example Corp. All rights reserved.</p></footer>"
	    "</body></html>", i, i, i, i, i, i, i, i, i);
	return p;
}

static void
test_template_removed(void **state)
{
	(void)state;
	static const char *const shared[] = {
		"Home", "About", "all the examples fit", "Sign up for the Example",
		"Popular", "most read stories", "Copyright",
	};
	pith_site *s = pith_site_new();
	pith_doc *docs[6];
	pith_params *p = pith_params_new();
	pith_article *a;
	pith_error err = {0};
	char *text;
	size_t len;

	for (int i = 0; i < 6; i++) {
		char *html = site_page(i + 1);

		docs[i] = parse(html);
		free(html);
		assert_int_equal(pith_site_learn(s, docs[i], NULL, NULL, &err), PITH_OK);
	}
	assert_int_equal(pith_site_pages(s), 6);
	pith_params_set_site(p, s);
	assert_int_equal(pith_extract(docs[2], "site", p, &a, &err), PITH_OK);
	assert_string_equal(pith_article_algorithm(a), "site");
	assert_non_null(strstr(pith_article_note(a), "site: "));
	assert_non_null(strstr(pith_article_note(a), "of 6 pages"));
	assert_int_equal(pith_article_text(a, 0, &text, &len, &err), PITH_OK);
	assert_non_null(strstr(text, "Story 3 tells its own tale"));
	assert_non_null(strstr(text, "A second paragraph of story 3"));
	assert_non_null(strstr(text, "Story 3 ends"));
	for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
		size_t b = block_with(docs[2], shared[i]);

		assert_null(strstr(text, shared[i]));
		assert_false(pith_article_block_kept(a, b));
		assert_string_equal(pith_article_block_reason(a, b),
		    "dropped: seen on 6 of 6 pages");
	}
	free(text);
	pith_article_free(a);

	/* site.share=1: nothing is on more than every page. */
	assert_int_equal(pith_params_set(p, "site.share", "1", &err), PITH_OK);
	assert_int_equal(pith_extract(docs[2], "site", p, &a, &err), PITH_OK);
	for (size_t b = 0; b < pith_doc_nblocks(docs[2]); b++) {
		const char *r = pith_article_block_reason(a, b);

		assert_true(r == NULL || strstr(r, "seen on") == NULL);
	}
	pith_article_free(a);
	for (int i = 0; i < 6; i++)
		pith_doc_free(docs[i]);
	pith_site_free(s);
	pith_params_free(p);
}

static void
test_too_few_pages(void **state)
{
	(void)state;
	pith_site *s = pith_site_new();
	pith_doc *docs[2];
	pith_params *p = pith_params_new();
	pith_article *a;
	pith_error err = {0};

	for (int i = 0; i < 2; i++) {
		char *html = site_page(i + 1);

		docs[i] = parse(html);
		free(html);
		assert_int_equal(pith_site_learn(s, docs[i], NULL, NULL, &err), PITH_OK);
	}
	pith_params_set_site(p, s);
	assert_int_equal(pith_extract(docs[0], "site", p, &a, &err), PITH_OK);
	assert_non_null(pith_article_note(a));
	assert_memory_equal(pith_article_note(a), "site: 2 of 5 pages learned; auto",
	    strlen("site: 2 of 5 pages learned; auto"));
	/* Nothing said to be template. */
	for (size_t b = 0; b < pith_doc_nblocks(docs[0]); b++)
		assert_true(pith_article_block_reason(a, b) == NULL ||
		    strstr(pith_article_block_reason(a, b), "seen on") == NULL);
	pith_article_free(a);

	/* No statistics at all: auto, and the note says so. */
	pith_params_set_site(p, NULL);
	assert_int_equal(pith_extract(docs[0], "site", p, &a, &err), PITH_OK);
	assert_memory_equal(pith_article_note(a), "site: 0 of 5 pages learned; auto",
	    strlen("site: 0 of 5 pages learned; auto"));
	pith_article_free(a);

	/* site.pages=2: two pages are enough. */
	pith_params_set_site(p, s);
	assert_int_equal(pith_params_set(p, "site.pages", "2", &err), PITH_OK);
	assert_int_equal(pith_extract(docs[0], "site", p, &a, &err), PITH_OK);
	assert_string_equal(pith_article_block_reason(a, block_with(docs[0], "Copyright")),
	    "dropped: seen on 2 of 2 pages");
	pith_article_free(a);
	for (int i = 0; i < 2; i++)
		pith_doc_free(docs[i]);
	pith_site_free(s);
	pith_params_free(p);
}

static void
test_round_trip(void **state)
{
	(void)state;
	pith_site *s = pith_site_new(), *t = NULL;
	pith_doc *docs[3];
	pith_error err = {0};
	char *text, *text2, *cut;
	size_t len, len2, lines = 0;
	uint64_t *h;
	int added;

	for (int i = 0; i < 3; i++) {
		char *html = site_page(i + 1);

		docs[i] = parse(html);
		free(html);
		assert_int_equal(pith_site_learn(s, docs[i], NULL, NULL, &err), PITH_OK);
	}
	assert_int_equal(pith_site_save(s, 100000, &text, &len, &err), PITH_OK);
	assert_memory_equal(text, "pith-site 1 3\n", 14);
	assert_int_equal(pith_site_load(text, len, &t, &err), PITH_OK);
	assert_int_equal(pith_site_pages(t), 3);
	assert_int_equal(pith_site_hashes(docs[0], &h, &err), PITH_OK);
	for (size_t n = 0; n < pith_doc_nnodes(docs[0]); n++)
		assert_int_equal(pith_site_count(t, h[n]), pith_site_count(s, h[n]));
	free(h);
	/* Saved again, the same bytes. */
	assert_int_equal(pith_site_save(t, 100000, &text2, &len2, &err), PITH_OK);
	assert_int_equal(len, len2);
	assert_memory_equal(text, text2, len);
	free(text2);
	/* The pages' keys came along: a known page counts once. */
	assert_int_equal(pith_site_learn(t, docs[1], NULL, &added, &err), PITH_OK);
	assert_int_equal(added, 0);

	/* Bounded: the most frequent first, at most max entries. */
	assert_int_equal(pith_site_save(s, 2, &text2, &len2, &err), PITH_OK);
	for (size_t i = 0; i < len2; i++)
		lines += text2[i] == '\n';
	assert_int_equal(lines, 1 + 3 + 2);   /* header, 3 keys, 2 entries */
	cut = strrchr(text2, '\n');
	*cut = '\0';
	assert_string_equal(strrchr(text2, ' '), " 3");
	free(text2);
	free(text);
	for (int i = 0; i < 3; i++)
		pith_doc_free(docs[i]);
	pith_site_free(s);
	pith_site_free(t);
}

static void
test_malformed(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"",
		"garbage\n",
		"pith-site 1 3",                                  /* no newline */
		"pith-site 2 3\n",                                /* version */
		"pith-site 1 -3\n",
		"pith-site 1 03\n",
		"pith-site 1 3\n00000000000000ab 4\n",            /* count > pages */
		"pith-site 1 3\n00000000000000ab 0\n",
		"pith-site 1 3\n00000000000000ab 2",              /* cut short */
		"pith-site 1 3\n00000000000000ab 2\n00000000000000ab 1\n",
		"pith-site 1 3\n0000000000000ab 2\n",             /* 15 digits */
		"pith-site 1 3\n00000000000000xy 2\n",
		"pith-site 1 3\n0000000000000000 2\n",            /* zero hash */
		"pith-site 1 3\n00000000000000ab  2\n",
		"pith-site 1 3\n00000000000000ab 2\nkey 00000000000000cd\n",
		"pith-site 1 3\nkey 0000000000cd\n",
		"pith-site 1 3\n\n",
		"pith-site 1 3\n00000000000000ab 2\n\x00\n",
	};
	static const size_t badlen[] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 35 };
	pith_site *s;
	pith_error err;

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&err, 0, sizeof err);
		s = (pith_site *)&err;
		assert_int_equal(pith_site_load(bad[i], badlen[i] ? badlen[i] :
		    strlen(bad[i]), &s, &err), PITH_EINVAL);
		assert_null(s);
		assert_non_null(strstr(err.msg, "line "));
	}
	/* The smallest good store, and one with a key. */
	assert_int_equal(pith_site_load("pith-site 1 0\n", 14, &s, &err), PITH_OK);
	assert_int_equal(pith_site_pages(s), 0);
	pith_site_free(s);
	assert_int_equal(pith_site_load("pith-site 1 2\nkey 00000000000000CD\n"
	    "00000000000000ab 2\n", 54, &s, &err), PITH_OK);
	assert_int_equal(pith_site_count(s, 0xab), 2);
	pith_site_free(s);
}

/* More distinct subtrees than the table holds: the rarest go, the
 * shared stay. */
static void
test_bounded(void **state)
{
	(void)state;
	enum { PARAS = 40000 };
	size_t cap = (size_t)PARAS * 40 + 256, n;
	char *html = malloc(cap), *text;
	pith_site *s = pith_site_new();
	pith_doc *d, *shared_doc;
	pith_error err = {0};
	uint64_t *h;
	size_t nav, len, lines = 0;

	assert_non_null(html);
	for (int page = 0; page < 2; page++) {
		n = (size_t)snprintf(html, cap, "<body><nav><p>Shared menu</p></nav>");
		for (int i = 0; i < PARAS; i++)
			n += (size_t)snprintf(html + n, cap - n, "<p>p%d w%d</p>", page, i);
		snprintf(html + n, cap - n, "</body>");
		d = parse(html);
		assert_int_equal(pith_site_learn(s, d, NULL, NULL, &err), PITH_OK);
		pith_doc_free(d);
	}
	shared_doc = parse("<body><nav><p>Shared menu</p></nav></body>");
	assert_int_equal(pith_site_hashes(shared_doc, &h, &err), PITH_OK);
	nav = node_with_tag(shared_doc, "nav");
	assert_int_equal(pith_site_count(s, h[nav]), 2);
	assert_int_equal(pith_site_save(s, 1000000, &text, &len, &err), PITH_OK);
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	assert_true(lines <= 1 + 4 + (1 << 16));
	free(text);
	free(h);
	pith_doc_free(shared_doc);
	pith_site_free(s);
	free(html);
}

/* The store's bounds, which the fuzzer's small inputs never reach: 1024
 * page keys and 65536 counts load (and save back in order), one more of
 * either is a corrupt store. */
static void
test_store_limits(void **state)
{
	enum { KEYS = 1024, ENTRIES = 65536 };
	size_t cap = 32 + (KEYS + 1) * 21 + (ENTRIES + 1) * 20, n, len;
	char *text = malloc(cap), *out;
	pith_site *s = NULL;
	pith_error err = {0};

	(void)state;
	assert_non_null(text);
	n = (size_t)sprintf(text, "pith-site 1 5\n");
	for (unsigned i = 1; i <= KEYS; i++)
		n += (size_t)sprintf(text + n, "key %016x\n", i);
	assert_int_equal(pith_site_load(text, n, &s, &err), PITH_OK);
	assert_int_equal(pith_site_save(s, 10, &out, &len, &err), PITH_OK);
	/* Oldest first, as written. */
	assert_non_null(strstr(out, "key 0000000000000001\nkey 0000000000000002\n"));
	assert_int_equal(len, n);
	free(out);
	pith_site_free(s);
	n += (size_t)sprintf(text + n, "key %016x\n", KEYS + 1);
	assert_int_equal(pith_site_load(text, n, &s, &err), PITH_EINVAL);
	assert_null(s);
	assert_string_equal(err.msg, "line 1026: too many page keys");

	n = (size_t)sprintf(text, "pith-site 1 5\n");
	for (unsigned i = 1; i <= ENTRIES; i++)
		n += (size_t)sprintf(text + n, "%016x 1\n", i);
	assert_int_equal(pith_site_load(text, n, &s, &err), PITH_OK);
	assert_int_equal(pith_site_count(s, ENTRIES), 1);
	pith_site_free(s);
	n += (size_t)sprintf(text + n, "%016x 1\n", ENTRIES + 1);
	assert_int_equal(pith_site_load(text, n, &s, &err), PITH_EINVAL);
	assert_null(s);
	assert_string_equal(err.msg, "line 65538: more than 65536 entries");
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hashes),
		cmocka_unit_test(test_count_once),
		cmocka_unit_test(test_template_removed),
		cmocka_unit_test(test_too_few_pages),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_bounded),
		cmocka_unit_test(test_store_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
