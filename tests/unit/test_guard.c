/* test_guard.c - the scan that bounds nesting and attributes before
 * gumbo sees a page, and the time budget that bounds an extraction. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "internal.h"

/* guard s with nesting 3 and 2 attributes; NULL when unchanged. */
static char *
guard(const char *s)
{
	char *out = (char *)1;
	size_t n = 99;

	assert_int_equal(guard_html(s, strlen(s), 3, 2, &out, &n), PITH_OK);
	if (out != NULL)
		assert_int_equal(strlen(out), n);
	return out;
}

static void
test_unchanged(void **state)
{
	(void)state;
	assert_null(guard("<div><div><div>ok</div></div></div><div>again</div>"));
	/* Optional end tags and void elements do not nest. */
	assert_null(guard("<div><div><div><p>a<p>b<li>c<br><img src=x><td>d</div></div></div>"));
	/* Comments, doctypes and raw text are not tags. */
	assert_null(guard("<!DOCTYPE html><div><div><div><!-- <div><div> -->"
	    "<script>var s = '<div><div><div><div>';</script><style>a>b{}</style>"
	    "<textarea><div><div></textarea>x</div></div></div>"));
	/* A '>' inside a quoted value does not end the tag. */
	assert_null(guard("<div title='a > <div> b'><div><div>x</div></div></div>"));
	assert_null(guard(""));
	assert_null(guard("plain text, no tags <"));
}

static void
test_too_deep(void **state)
{
	(void)state;
	char *g = guard("<div><span><b><i>deep</i></b></span></div>");

	/* The fourth level goes, its text and the rest stay. */
	assert_string_equal(g, "<div><span><b>deep</i></b></span></div>");
	free(g);
	g = guard("<b><b><b><b><b>x");
	assert_string_equal(g, "<b><b><b>x");
	free(g);
	/* Closing tags make room again. */
	assert_null(guard("<b><b><b></b></b></b><b><b><b>y</b></b></b>"));
}

/* A <title> never closed ends where the next tag (or broken end tag)
 * starts; "</titlevalue" does not close it. */
static void
test_title(void **state)
{
	(void)state;
	char *g = guard("<html><head><title>News - a story</tit<script src=x></script>"
	    "</head><body><p>Text</p></body></html>");

	assert_string_equal(g, "<html><head><title>News - a story</title></tit<script src=x>"
	    "</script></head><body><p>Text</p></body></html>");
	free(g);
	/* "</titlevalue" is no end tag: the title is still open. */
	g = guard("<title id=t>Oil</titlevalue=\"true\" --><body><p>x</p>");
	assert_string_equal(g, "<title id=t>Oil</title></titlevalue=\"true\" --><body><p>x</p>");
	free(g);
	/* Later unclosed titles end at their next tag too. */
	g = guard("<title>a<b>b</b><title>c<i>d</i>");
	assert_string_equal(g, "<title>a</title><b>b</b><title>c</title><i>d</i>");
	free(g);
	assert_null(guard("<title>A <b> in a title</title><p>x</p>"));
	assert_null(guard("<TITLE>shouting</TITLE >x"));
	assert_null(guard("<title>no tag follows"));
}

/* The page under a title that was never closed is read, not swallowed. */
static void
test_title_page(void **state)
{
	(void)state;
	const char *html = "<html><head><title>Microsoft faces two new cases</titavaScript\" "
	    "src=\"x.js\"></script></head><body><div><p>The European Commission has opened "
	    "two new antitrust investigations of Microsoft's activities, it said on Monday, "
	    "after complaints from rivals and a browser maker.</p></div></body></html>";
	pith_doc *d = NULL;

	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &d, NULL), PITH_OK);
	assert_true(pith_doc_nblocks(d) >= 1);
	assert_non_null(strstr(pith_doc_block(d, 0)->text, "antitrust investigations"));
	assert_string_equal(pith_doc_title(d), "Microsoft faces two new cases");
	pith_doc_free(d);
}

/* Every name the guard knows, in either case: void and implicitly
 * closed elements do not nest, raw-text elements neither, and hold no
 * tags; a near miss of a name is an element that nests. */
static void
test_tag_names(void **state)
{
	static const char *const flat[] = {
		"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
		"meta", "param", "source", "track", "wbr", "p", "li", "dt", "dd",
		"option", "optgroup", "tr", "td", "th", "tbody", "thead", "tfoot",
		"colgroup", "rp", "rt", "rb", "rtc", "html", "head", "body",
		"frame", "keygen", "basefont", "bgsound", "image", "isindex",
	};
	static const char *const raw[] = {
		"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
		"noframes",
	};
	static const char *const nests[] = {
		"pa", "b", "brr", "imgs", "scripts", "titl", "rtcx", "optgroups",
		"xmq", "h1", "tr1",
	};
	char html[128], up[16];
	char *g;

	(void)state;
	for (size_t i = 0; i < sizeof flat / sizeof flat[0]; i++) {
		snprintf(html, sizeof html, "<b><b><b><%s>x", flat[i]);
		assert_null(guard(html));
		for (size_t k = 0; k <= strlen(flat[i]); k++)
			up[k] = (char)(flat[i][k] & ~0x20);
		snprintf(html, sizeof html, "<b><b><b><%s>x", up);
		assert_null(guard(html));
	}
	for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) {
		for (size_t k = 0; k <= strlen(raw[i]); k++)
			up[k] = (char)(raw[i][k] & ~0x20);
		snprintf(html, sizeof html, "<b><b><b><%s><b><b></%s>x", raw[i], up);
		assert_null(guard(html));
	}
	for (size_t i = 0; i < sizeof nests / sizeof nests[0]; i++) {
		snprintf(html, sizeof html, "<b><b><b><%s>x", nests[i]);
		assert_non_null(g = guard(html));
		assert_string_equal(g, "<b><b><b>x");
		free(g);
	}
}

static void
test_attributes(void **state)
{
	(void)state;
	char *g = guard("<div a=1 b='2' c=\"3\" d>text</div>");

	assert_string_equal(g, "<div a=1 b='2' >text</div>");
	free(g);
	assert_null(guard("<div a=1 b=2/>x"));
}

/* The whole parse survives what used to hang gumbo. */
static void
test_hostile_parse(void **state)
{
	(void)state;
	enum { N = 200000 };
	char *html = malloc(N * 5 + 32);
	pith_doc *d = NULL;
	pith_error err = {0};
	size_t k = 0;

	assert_non_null(html);
	for (int i = 0; i < N; i++, k += 5)
		memcpy(html + k, "<div>", 5);
	strcpy(html + k, "deep text");
	assert_int_equal(pith_doc_parse(html, strlen(html), NULL, &d, &err), PITH_OK);
	assert_int_equal(pith_doc_nblocks(d), 1);
	assert_string_equal(pith_doc_block(d, 0)->text, "deep text");
	pith_doc_free(d);
	free(html);
}

/* The budget reads the clock only every few thousand ticks, and once
 * out stays out; no limit never runs out. */
static void
test_budget(void **state)
{
	budget bg;
	int ticks = 0;

	(void)state;
	budget_start(&bg, -1);
	for (int i = 0; i < 10000; i++)
		assert_false(budget_tick(&bg));
	assert_false(budget_expired(&bg));
	assert_false(budget_stop(&bg));
	budget_start(&bg, 1e-9);
	while (!budget_tick(&bg))
		ticks++;
	assert_true(ticks >= 4000 && ticks < 4096);
	assert_true(budget_tick(&bg));
	assert_true(budget_expired(&bg));
	assert_true(budget_stop(&bg));
	/* Stopped: no budget until the next start. */
	assert_false(budget_tick(&bg));
	assert_false(budget_stop(&bg));
}

/* A page of n paragraphs, each its own block. */
static pith_doc *
big_doc(size_t n)
{
	static const char p[] = "<p>Lorem ipsum dolor sit amet, consectetur "
	    "adipiscing elit, sed do eiusmod tempor incididunt.</p>\n";
	char *html = malloc(n * (sizeof p - 1) + 1);
	pith_doc *d = NULL;
	pith_error err = {0};

	assert_non_null(html);
	for (size_t i = 0; i < n; i++)
		memcpy(html + i * (sizeof p - 1), p, sizeof p - 1);
	assert_int_equal(pith_doc_parse(html, n * (sizeof p - 1), NULL, &d, &err),
	    PITH_OK);
	free(html);
	return d;
}

/* pith_extract past its time limit fails with PITH_ELIMIT and says so,
 * for every algorithm; without a limit the same page has an article. */
static void
test_time_limit(void **state)
{
	pith_doc *d = big_doc(20000);
	pith_params *p = pith_params_new();

	(void)state;
	assert_true(p->time_limit == 0);   /* the default, PITH_TIME_LIMIT */
	for (size_t i = 0; i < pith_algorithm_count(); i++) {
		const char *name = pith_algorithm_at(i)->name;
		pith_article *a = (pith_article *)1;
		pith_error err = {0};

		if (strcmp(name, "template") == 0)
			continue;   /* no template: EINVAL before any work */
		pith_params_set_time_limit(p, 1e-6);
		assert_int_equal(pith_extract(d, name, p, &a, &err), PITH_ELIMIT);
		assert_null(a);
		assert_int_equal(err.code, PITH_ELIMIT);
		assert_string_equal(err.msg, "time limit of 1e-06 s exceeded");
		pith_params_set_time_limit(p, -1);
		assert_int_equal(pith_extract(d, name, p, &a, &err), PITH_OK);
		pith_article_free(a);
	}
	/* The default leaves plenty for a page like this. */
	pith_params_set_time_limit(p, 0);
	{
		pith_article *a = NULL;
		pith_error err = {0};

		assert_int_equal(pith_extract(d, NULL, p, &a, &err), PITH_OK);
		pith_article_free(a);
	}
	pith_params_free(p);
	pith_doc_free(d);
}

/* The thread's processor time, as the budget counts it. */
static double
cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Out of time, every algorithm stops soon, not at its end: each loop
 * over nodes, blocks, tokens or template lines checks the budget.  With
 * a limit of a microsecond, extracting takes a small part of what it
 * takes without one (measured after a first run, which builds what the
 * document makes on demand). */
static void
test_time_limit_prompt(void **state)
{
	static const char para[] = "<div class=c><p>Lorem <b>ipsum</b> dolor <a "
	    "href=x>sit</a> amet, <i>consectetur</i> adipiscing elit, sed do "
	    "eiusmod tempor.</p></div>\n";
	size_t n = 30000, plen = sizeof para - 1;
	char *html = malloc(n * plen + 1);
	pith_doc *d = NULL;
	pith_error err = {0};
	pith_params *p = pith_params_new();
	char *tpl = malloc(5000 * 32);
	size_t tlen = 0;
	pith_template *t = NULL;
	int late = 0;

	(void)state;
	assert_non_null(html);
	assert_non_null(tpl);
	for (size_t i = 0; i < n; i++)
		memcpy(html + i * plen, para, plen);
	assert_int_equal(pith_doc_parse(html, n * plen, NULL, &d, &err), PITH_OK);
	free(html);
	assert_non_null(p);
	/* A template of many lines that match nothing: nodes times lines. */
	for (int i = 0; i < 5000; i++)
		tlen += (size_t)sprintf(tpl + tlen, "class=none%d\n", i);
	assert_int_equal(pith_template_parse(tpl, tlen, &t, &err), PITH_OK);
	free(tpl);
	pith_params_set_template(p, t);
	for (size_t i = 0; i < pith_algorithm_count(); i++) {
		const char *name = pith_algorithm_at(i)->name;
		pith_article *a = NULL;
		double t0 = 0, t1, c;

		/* The least of a few runs: an allocator's occasional pause
		 * (a sanitizer's) is not the algorithm's. */
		for (int k = 0; k < 3 && strcmp(name, "template") != 0; k++) {
			pith_params_set_time_limit(p, -1);
			c = cpu_now();
			pith_extract(d, name, p, &a, &err);
			if ((c = cpu_now() - c) < t0 || k == 1)
				t0 = c;
			pith_article_free(a);
		}
		t1 = 1e9;
		for (int k = 0; k < 3; k++) {
			pith_params_set_time_limit(p, 1e-6);
			c = cpu_now();
			assert_int_equal(pith_extract(d, name, p, &a, &err), PITH_ELIMIT);
			if ((c = cpu_now() - c) < t1)
				t1 = c;
		}
		print_message("# %s: %.4f s without a limit, %.4f s with 1e-6\n", name,
		    t0, t1);
		/* Template, unbounded, is 150 million comparisons. */
		if (strcmp(name, "template") == 0 ? t1 >= 0.2 : t1 >= t0 / 3) {
			print_message("# %s: did not stop soon\n", name);
			late++;
		}
	}
	assert_int_equal(late, 0);
	pith_params_free(p);
	pith_template_free(t);
	pith_doc_free(d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unchanged),
		cmocka_unit_test(test_too_deep),
		cmocka_unit_test(test_title),
		cmocka_unit_test(test_title_page),
		cmocka_unit_test(test_tag_names),
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_hostile_parse),
		cmocka_unit_test(test_budget),
		cmocka_unit_test(test_time_limit),
		cmocka_unit_test(test_time_limit_prompt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
