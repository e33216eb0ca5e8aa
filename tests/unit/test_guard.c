/* test_guard.c - the scan that bounds nesting and attributes before
 * gumbo sees a page. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unchanged),
		cmocka_unit_test(test_too_deep),
		cmocka_unit_test(test_attributes),
		cmocka_unit_test(test_hostile_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
