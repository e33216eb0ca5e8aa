/* test_eval.c - the evaluation metrics on texts whose scores are worked
 * out by hand, and the bit-parallel LCS against the plain table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

static void
shingle(const char *t, const char *p, double tp, double fp, double fn, int exact)
{
	double a, b, c;
	int e;

	assert_int_equal(eval_shingle(t, strlen(t), p, strlen(p), &a, &b, &c, &e), 0);
	if (fabs(a - tp) > 1e-12 || fabs(b - fp) > 1e-12 || fabs(c - fn) > 1e-12 || e != exact)
		fail_msg("'%s' vs '%s': tp %g fp %g fn %g exact %d; want %g %g %g %d",
		    t, p, a, b, c, e, tp, fp, fn, exact);
}

static void
test_shingles(void **state)
{
	(void)state;
	/* 5 tokens: shingles abcd, bcde; 4 tokens: abcd.  tp 1, fn 1. */
	shingle("a b c d e", "a b c d", 0.5, 0, 0.5, 0);
	/* Fewer than four tokens: one shingle of them all. */
	shingle("hello world", "Hello, world!", 0, 0.5, 0.5, 0);
	shingle("hello world", "hello -- world.", 1, 0, 0, 1);
	/* Counts are a multiset: "x x x x x" has xxxx twice. */
	shingle("x x x x x", "x x x x", 0.5, 0, 0.5, 0);
	shingle("", "", 0, 0, 0, 1);
	shingle("", "a b", 0, 1, 0, 0);
	/* \w is letters, digits and '_' in any script; a combining mark is
	 * none of them (Python's re), so "e\u0301te" is "e te". */
	shingle("na\xc3\xafve caf\xc3\xa9_x 42", "na\xc3\xafve,caf\xc3\xa9_x;42", 1, 0, 0, 1);
	shingle("e\xcc\x81te", "e te", 1, 0, 0, 1);
	shingle("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", "\xe6\x97\xa5\xe6\x9c\xac \xe8\xaa\x9e", 0, 0.5, 0.5, 0);
}

static void
lcs(const char *t, const char *p, long want, size_t tw, size_t pw)
{
	size_t a, b;
	long n = eval_lcs(t, strlen(t), p, strlen(p), &a, &b);

	if (n != want || a != tw || b != pw)
		fail_msg("'%s' vs '%s': lcs %ld of %zu/%zu; want %ld of %zu/%zu",
		    t, p, n, a, b, want, tw, pw);
}

static void
test_lcs_words(void **state)
{
	(void)state;
	lcs("the cat sat on the mat", "the cat on a mat", 4, 6, 5);
	lcs("", "", 0, 0, 0);
	lcs("a b", "", 0, 2, 0);
	/* Residual tags go; a lone '<' is not a tag. */
	lcs("<b>bold</b> text", "bold text", 2, 2, 2);
	lcs("a < b > c", "a < b > c", 5, 5, 5);
	lcs("x<br/>y <!-- note --> z", "x y z", 3, 3, 3);
	/* Unicode white space splits; other non-ASCII is dropped, even
	 * inside a word. */
	lcs("a\xc2\xa0" "b\xe2\x80\x83" "c", "a b c", 3, 3, 3);
	lcs("caf\xc3\xa9 a\xe2\x80\x8b" "b", "caf ab", 2, 2, 2);
	lcs("\xe2\x80\x9cquoted\xe2\x80\x9d", "quoted", 1, 1, 1);
}

/* The textbook table, for checking. */
static long
lcs_table(const int *a, size_t n, const int *b, size_t m)
{
	long *row = calloc(m + 1, sizeof *row), r;

	assert_non_null(row);
	for (size_t i = 1; i <= n; i++) {
		long diag = 0;

		for (size_t j = 1; j <= m; j++) {
			long up = row[j];

			row[j] = a[i - 1] == b[j - 1] ? diag + 1 :
			    (row[j] > row[j - 1] ? row[j] : row[j - 1]);
			diag = up;
		}
	}
	r = row[m];
	free(row);
	return r;
}

static char *
words(const int *w, size_t n)
{
	char *s = malloc(n * 4 + 1), *p = s;

	assert_non_null(s);
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "w%d ", w[i]);
	*p = '\0';
	return s;
}

/* Long random sequences: the carries cross many 64-bit words. */
static void
test_lcs_random(void **state)
{
	(void)state;
	unsigned seed = 12345;

	for (int round = 0; round < 40; round++) {
		size_t n = 1 + (size_t)(round * 37 % 300), m = 1 + (size_t)(round * 53 % 257);
		int *a = malloc(n * sizeof *a), *b = malloc(m * sizeof *b);
		int alpha = 2 + round % 9;
		char *sa, *sb;
		size_t x, y;

		assert_non_null(a);
		assert_non_null(b);
		for (size_t i = 0; i < n; i++)
			a[i] = (int)((seed = seed * 1103515245 + 12345) >> 16) % alpha;
		for (size_t i = 0; i < m; i++)
			b[i] = (int)((seed = seed * 1103515245 + 12345) >> 16) % alpha;
		sa = words(a, n);
		sb = words(b, m);
		assert_int_equal(eval_lcs(sa, strlen(sa), sb, strlen(sb), &x, &y),
		    lcs_table(a, n, b, m));
		assert_int_equal(eval_lcs(sb, strlen(sb), sa, strlen(sa), &x, &y),
		    lcs_table(a, n, b, m));
		free(sa);
		free(sb);
		free(a);
		free(b);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shingles),
		cmocka_unit_test(test_lcs_words),
		cmocka_unit_test(test_lcs_random),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
