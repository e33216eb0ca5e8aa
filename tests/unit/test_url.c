/* test_url.c - pith_url_resolve and url_resolve: RFC 3986 section 5.4 and
 * browser cleanup. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "pith.h"

#define RFC_BASE "http://a/b/c/d;p?q"

struct pair {
	const char *ref, *want;
};

static void check(const char *base, const char *ref, const char *want)
{
	char *got = pith_url_resolve(base, ref);
	url_base b = {0};

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
	/* A base parsed once (as the walk keeps it) serves many links. */
	assert_int_equal(url_base_set(&b, base), 0);
	for (int i = 0; i < 2; i++) {
		got = url_resolve(&b, ref);
		assert_non_null(got);
		assert_string_equal(got, want);
		free(got);
	}
	url_base_free(&b);
}

static void check_table(const char *base, const struct pair *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		check(base, t[i].ref, t[i].want);
}

#define TABLE(base, t) check_table(base, t, sizeof(t) / sizeof(t[0]))

/* RFC 3986 5.4.1 */
static void test_rfc_normal(void **state)
{
	static const struct pair t[] = {
		{ "g:h", "g:h" },
		{ "g", "http://a/b/c/g" },
		{ "./g", "http://a/b/c/g" },
		{ "g/", "http://a/b/c/g/" },
		{ "/g", "http://a/g" },
		{ "//g", "http://g" },
		{ "?y", "http://a/b/c/d;p?y" },
		{ "g?y", "http://a/b/c/g?y" },
		{ "#s", "http://a/b/c/d;p?q#s" },
		{ "g#s", "http://a/b/c/g#s" },
		{ "g?y#s", "http://a/b/c/g?y#s" },
		{ ";x", "http://a/b/c/;x" },
		{ "g;x", "http://a/b/c/g;x" },
		{ "g;x?y#s", "http://a/b/c/g;x?y#s" },
		{ "", "http://a/b/c/d;p?q" },
		{ ".", "http://a/b/c/" },
		{ "./", "http://a/b/c/" },
		{ "..", "http://a/b/" },
		{ "../", "http://a/b/" },
		{ "../g", "http://a/b/g" },
		{ "../..", "http://a/" },
		{ "../../", "http://a/" },
		{ "../../g", "http://a/g" },
	};

	(void)state;
	TABLE(RFC_BASE, t);
}

/* RFC 3986 5.4.2 (strict parser for "http:g") */
static void test_rfc_abnormal(void **state)
{
	static const struct pair t[] = {
		{ "../../../g", "http://a/g" },
		{ "../../../../g", "http://a/g" },
		{ "/./g", "http://a/g" },
		{ "/../g", "http://a/g" },
		{ "g.", "http://a/b/c/g." },
		{ ".g", "http://a/b/c/.g" },
		{ "g..", "http://a/b/c/g.." },
		{ "..g", "http://a/b/c/..g" },
		{ "./../g", "http://a/b/g" },
		{ "./g/.", "http://a/b/c/g/" },
		{ "g/./h", "http://a/b/c/g/h" },
		{ "g/../h", "http://a/b/c/h" },
		{ "g;x=1/./y", "http://a/b/c/g;x=1/y" },
		{ "g;x=1/../y", "http://a/b/c/y" },
		{ "g?y/./x", "http://a/b/c/g?y/./x" },
		{ "g?y/../x", "http://a/b/c/g?y/../x" },
		{ "g#s/./x", "http://a/b/c/g#s/./x" },
		{ "g#s/../x", "http://a/b/c/g#s/../x" },
		{ "http:g", "http:g" },
	};

	(void)state;
	TABLE(RFC_BASE, t);
}

static void test_cleanup(void **state)
{
	static const struct pair t[] = {
		{ "  \t /g \n", "http://a/g" },
		{ "\x01\x02\x1fg\x1f ", "http://a/b/c/g" },
		{ "/a\tb\nc\rd", "http://a/abcd" },
		{ "g?x\ny#s\tt", "http://a/b/c/g?xy#st" },
		{ "java\nscript:alert(1)", "javascript:alert(1)" },
		{ " \t\r\n ", "http://a/b/c/d;p?q" },
		{ "g h", "http://a/b/c/g%20h" },	/* inner space encoded */
	};

	(void)state;
	TABLE(RFC_BASE, t);
}

static void test_controls_encoded(void **state)
{
	(void)state;
	/* Controls inside an href must never reach a terminal raw. */
	check("http://a/b", "x\x1b[2J\x07y", "http://a/x%1B[2J%07y");
	check("http://a/b", "x\xc2\x9dy z", "http://a/x%C2%9Dy%20z");
	check("http://a/b", "x\x7f", "http://a/x%7F");
	/* A tab removed from inside a C1 control must not rejoin it raw. */
	check("http://a/b", "x\xc2\t\x9b" "2J", "http://a/x%C2%9B2J");
	check(NULL, "re\x1bl", "re%1Bl");
	check("http://a/b", "mailto:a\x1b" "b", "mailto:a%1Bb");
	/* Other non-ASCII stays as it is. */
	check("http://a/b", "caf\xc3\xa9", "http://a/caf\xc3\xa9");
}

static void test_backslash(void **state)
{
	static const struct pair t[] = {
		{ "\\g\\h", "http://a/g/h" },
		{ "\\\\x\\y", "http://x/y" },
		{ "g\\..\\h", "http://a/b/c/h" },
		{ "g?a\\b#c\\d", "http://a/b/c/g?a\\b#c\\d" },
		{ "https:\\\\X\\y", "https://x/y" },
	};

	(void)state;
	TABLE(RFC_BASE, t);
	/* only special (http) schemes get the browser treatment */
	check("ftp://a/b/c", "d\\e", "ftp://a/b/d\\e");
	check("http://a/b", "mailto:x\\y", "mailto:x\\y");
}

static void test_absolute_ref(void **state)
{
	static const struct pair t[] = {
		{ "https://x/y", "https://x/y" },
		{ "mailto:a@b", "mailto:a@b" },
		{ "MAILTO:A@B", "MAILTO:A@B" },
		{ "javascript:void(0)", "javascript:void(0)" },
		{ "data:text/plain,a/../b", "data:text/plain,a/../b" },
		{ "http://x/../y", "http://x/y" },
		{ "http://x/a/./b/../c?d/../e#f", "http://x/a/c?d/../e#f" },
		{ "https://x", "https://x" },
		{ "ftp://x/../y", "ftp://x/../y" },
	};

	(void)state;
	TABLE(RFC_BASE, t);
}

static void test_no_base(void **state)
{
	(void)state;
	check(NULL, "g", "g");
	check(NULL, " ../g\t", "../g");
	check(NULL, "\\g", "\\g");
	check("", "/g", "/g");
	check("/rel/path", "../g", "../g");
	check("  ", "?q", "?q");
	check(NULL, NULL, "");
	check(NULL, "HTTP://X/a/../b", "http://x/b");
	check(NULL, "mailto:a@b", "mailto:a@b");
}

static void test_null_ref(void **state)
{
	(void)state;
	check("http://a/b/c/d;p?q#frag", NULL, "http://a/b/c/d;p?q");
	check("http://a/b/c/d;p?q#frag", "", "http://a/b/c/d;p?q");
	check(RFC_BASE, NULL, RFC_BASE);
}

static void test_protocol_relative(void **state)
{
	(void)state;
	check("https://site/x", "//cdn.example/lib.js",
	      "https://cdn.example/lib.js");
	check("https://site/x", "//CDN.Example/Path/../P",
	      "https://cdn.example/P");
	check("ftp://site/x", "//h/p", "ftp://h/p");
	check("https://site/x", "//h", "https://h");
	check("https://site/x", "//h?q#f", "https://h?q#f");
}

static void test_query_fragment(void **state)
{
	(void)state;
	check("http://a/b/c?old#o", "?new", "http://a/b/c?new");
	check("http://a/b/c?old#o", "?", "http://a/b/c?");
	check("http://a/b/c?old#o", "#f", "http://a/b/c?old#f");
	check("http://a/b/c#o", "#", "http://a/b/c#");
	check("http://a/b/c?q", "?x#y", "http://a/b/c?x#y");
	check("http://a", "?x", "http://a?x");
	check("http://a", "g", "http://a/g");
	check("http://a", "", "http://a");
}

static void test_case(void **state)
{
	(void)state;
	check("HTTP://A.EXAMPLE/B/c", "d", "http://a.example/B/d");
	check("HtTpS://Host.COM/Dir/", "Page?Q=X#Frag",
	      "https://host.com/Dir/Page?Q=X#Frag");
	check(RFC_BASE, "HTTPS://User:Pw@Host.COM:8080/P",
	      "https://User:Pw@host.com:8080/P");
	check("File:///Dir/x", "Y", "File:///Dir/Y");
	check("http://a/b", "G:H", "G:H");
}

static char *repeat(const char *s, size_t times, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail), i;
	char *p = malloc(n * times + m + 1);

	assert_non_null(p);
	for (i = 0; i < times; i++)
		memcpy(p + i * n, s, n);
	memcpy(p + n * times, tail, m + 1);
	return p;
}

static void test_long(void **state)
{
	enum { N = 100000 };
	char *ref, *got, *want;

	(void)state;
	/* climbing far above the root stops there */
	ref = repeat("../", N, "g");
	check(RFC_BASE, ref, "http://a/g");
	free(ref);

	/* deep paths come back whole */
	ref = repeat("s/", N, "g");
	got = pith_url_resolve(RFC_BASE, ref);
	assert_non_null(got);
	assert_int_equal(strlen(got), strlen("http://a/b/c/") + strlen(ref));
	assert_memory_equal(got + strlen("http://a/b/c/"), ref, strlen(ref));
	free(got);
	free(ref);

	/* and deep paths with as many ".." fold away */
	ref = repeat("s/", N, "");
	want = repeat("../", N, "g");
	got = malloc(strlen(ref) + strlen(want) + 1);
	assert_non_null(got);
	strcpy(got, ref);
	strcat(got, want);
	check(RFC_BASE, got, "http://a/b/c/g");
	free(got);
	free(want);
	free(ref);

	ref = repeat("./", N, "g");
	check(RFC_BASE, ref, "http://a/b/c/g");
	free(ref);

	/* long whitespace and a long query */
	ref = repeat(" \t", N, "g");
	check(RFC_BASE, ref, "http://a/b/c/g");
	free(ref);
	ref = repeat("x", N, "");
	want = repeat("x", N, "");
	got = malloc(N + 2);
	assert_non_null(got);
	got[0] = '?';
	memcpy(got + 1, ref, N + 1);
	free(ref);
	ref = pith_url_resolve(RFC_BASE, got);
	assert_non_null(ref);
	assert_int_equal(strlen(ref), strlen("http://a/b/c/d;p?") + N);
	assert_string_equal(ref + strlen("http://a/b/c/d;p?"), want);
	free(ref);
	free(got);
	free(want);
}

int main(void)
{
	static const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rfc_normal),
		cmocka_unit_test(test_rfc_abnormal),
		cmocka_unit_test(test_cleanup),
		cmocka_unit_test(test_controls_encoded),
		cmocka_unit_test(test_backslash),
		cmocka_unit_test(test_absolute_ref),
		cmocka_unit_test(test_no_base),
		cmocka_unit_test(test_null_ref),
		cmocka_unit_test(test_protocol_relative),
		cmocka_unit_test(test_query_fragment),
		cmocka_unit_test(test_case),
		cmocka_unit_test(test_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
