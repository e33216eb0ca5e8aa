/* Unit tests for ui/wrap.c: UAX #14 breaking by display width. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unigbrk.h>
#include <unistr.h>
#include <uniwidth.h>

#include "wrap.h"

typedef struct {
	const char *text;
	int width;
	int hyphen;
} want_line;

#define NWANT(a) (sizeof(a) / sizeof((a)[0]))

#define ZWJ "\xE2\x80\x8D"
#define SHY "\xC2\xAD"
#define THUMB_MED "\xF0\x9F\x91\x8D\xF0\x9F\x8F\xBD"  /* U+1F44D U+1F3FD */
#define FAMILY "\xF0\x9F\x91\xA9" ZWJ "\xF0\x9F\x91\xA9" ZWJ "\xF0\x9F\x91\xA7"
#define E_ACUTE "e\xCC\x81"

/* Properties every result must have, whatever the input. */
static void check_invariants(const char *s, size_t len, int width,
		const wrap_line *l, size_t n)
{
	size_t prev_end = 0, newlines = 0, nl_gaps = 0, i, k;

	for (i = 0; i < len; i++)
		newlines += s[i] == '\n';
	if (len == 0) {
		assert_int_equal(n, 0);
		return;
	}
	assert_true(n >= newlines + 1);
	for (k = 0; k < n; k++) {
		size_t gap_nl = 0;

		assert_true(l[k].start >= prev_end);
		assert_true(l[k].start + l[k].len <= len);
		/* Between lines only spaces and at most one forced break. */
		for (i = prev_end; i < l[k].start; i++) {
			assert_true(s[i] == ' ' || s[i] == '\n' || s[i] == '\r');
			gap_nl += s[i] == '\n';
		}
		assert_true(gap_nl <= 1);
		nl_gaps += gap_nl;
		assert_int_equal(l[k].width,
				wrap_width(s + l[k].start, l[k].len) + l[k].hyphen);
		if (l[k].hyphen)
			assert_memory_equal(s + l[k].start + l[k].len - 2, SHY, 2);
		if (l[k].len > 0)
			assert_true(s[l[k].start + l[k].len - 1] != ' ');
		if (width > 0 && l[k].width > width) {
			/* Only a lone over-wide cluster may overflow: no prefix
			 * of the line (cut between code points) is 1 wide. */
			assert_int_equal(l[k].width, 2);
			assert_int_equal(width, 1);
			for (i = 1; i < l[k].len; i++)
				if (((unsigned char)s[l[k].start + i] & 0xC0) != 0x80)
					assert_int_not_equal(wrap_width(s + l[k].start, i), 1);
		}
		prev_end = l[k].start + l[k].len;
	}
	for (i = prev_end; i < len; i++)
		assert_int_equal(s[i], ' ');
	assert_int_equal(nl_gaps, newlines);
}

static void check_len(const char *s, size_t len, int width,
		const want_line *want, size_t nwant)
{
	wrap_line *l = NULL;
	size_t n = 99, k;

	assert_int_equal(wrap_lines(s, len, width, &l, &n), 0);
	if (n != nwant) {
		for (k = 0; k < n; k++)
			fprintf(stderr, "line %zu: \"%.*s\" w=%d hy=%d\n", k,
					(int)l[k].len, s + l[k].start, l[k].width, l[k].hyphen);
	}
	assert_int_equal(n, nwant);
	for (k = 0; k < n; k++) {
		size_t wl = strlen(want[k].text);

		if (l[k].len != wl || memcmp(s + l[k].start, want[k].text, wl) != 0)
			fprintf(stderr, "line %zu: got \"%.*s\", want \"%s\"\n", k,
					(int)l[k].len, s + l[k].start, want[k].text);
		assert_int_equal(l[k].len, wl);
		assert_memory_equal(s + l[k].start, want[k].text, wl);
		assert_int_equal(l[k].width, want[k].width);
		assert_int_equal(l[k].hyphen, want[k].hyphen);
	}
	check_invariants(s, len, width, l, n);
	free(l);
}

static void check(const char *s, int width, const want_line *want, size_t nwant)
{
	check_len(s, strlen(s), width, want, nwant);
}

static void test_ascii_widths(void **state)
{
	const char *s = "the quick brown fox jumps";
	const want_line w10[] = { { "the quick", 9, 0 }, { "brown fox", 9, 0 },
		{ "jumps", 5, 0 } };
	const want_line w5[] = { { "the", 3, 0 }, { "quick", 5, 0 },
		{ "brown", 5, 0 }, { "fox", 3, 0 }, { "jumps", 5, 0 } };
	const want_line w3[] = { { "the", 3, 0 }, { "qui", 3, 0 }, { "ck", 2, 0 },
		{ "bro", 3, 0 }, { "wn", 2, 0 }, { "fox", 3, 0 }, { "jum", 3, 0 },
		{ "ps", 2, 0 } };
	const want_line w25[] = { { "the quick brown fox jumps", 25, 0 } };
	const want_line sp[] = { { "a", 1, 0 }, { "b", 1, 0 } };
	const want_line trail[] = { { "ab", 2, 0 } };

	(void)state;
	check(s, 10, w10, NWANT(w10));
	check(s, 9, w10, NWANT(w10));
	check(s, 5, w5, NWANT(w5));
	check(s, 3, w3, NWANT(w3));
	check(s, 25, w25, NWANT(w25));
	check(s, 80, w25, NWANT(w25));
	check("a     b", 3, sp, NWANT(sp));
	check("ab      ", 4, trail, NWANT(trail));
	assert_int_equal(wrap_width(s, strlen(s)), 25);
}

static void test_no_wrap(void **state)
{
	const want_line one[] = { { "the quick brown fox jumps over it", 33, 0 } };
	const want_line two[] = { { "the quick", 9, 0 }, { "  brown fox", 11, 0 } };

	(void)state;
	check("the quick brown fox jumps over it", 0, one, NWANT(one));
	check("the quick brown fox jumps over it   ", -5, one, NWANT(one));
	check("the quick   \n  brown fox", 0, two, NWANT(two));
}

static void test_newlines(void **state)
{
	const want_line a_nl[] = { { "a", 1, 0 }, { "", 0, 0 } };
	const want_line nl_nl[] = { { "", 0, 0 }, { "", 0, 0 }, { "", 0, 0 } };
	const want_line a__b[] = { { "a", 1, 0 }, { "", 0, 0 }, { "b", 1, 0 } };
	const want_line indent[] = { { "ab", 2, 0 }, { "   cd", 5, 0 },
		{ "ef", 2, 0 } };
	const want_line crlf[] = { { "a", 1, 0 }, { "b", 1, 0 } };
	const want_line blank[] = { { "x", 1, 0 }, { "", 0, 0 }, { "y", 1, 0 } };
	wrap_line *l = (wrap_line *)1;
	size_t n = 7;

	(void)state;
	assert_int_equal(wrap_lines("", 0, 10, &l, &n), 0);
	assert_null(l);
	assert_int_equal(n, 0);
	check("a\n", 10, a_nl, NWANT(a_nl));
	check("\n\n", 10, nl_nl, NWANT(nl_nl));
	check("a\n\nb", 0, a__b, NWANT(a__b));
	/* Indentation after '\n' is kept; after an automatic break it is not. */
	check("ab  \n   cd ef", 6, indent, NWANT(indent));
	check("a\r\nb", 5, crlf, NWANT(crlf));
	check("x\n    \ny", 5, blank, NWANT(blank));
}

static void test_indent_without_room(void **state)
{
	/* U+4E2D: the indentation leaves no room, so it is dropped. */
	const char *s = "\n      \xE4\xB8\xAD";
	const want_line want[] = { { "", 0, 0 }, { "\xE4\xB8\xAD", 2, 0 } };
	wrap_line *l;
	size_t n;

	/* Spaces a zero-width cluster would make visible count too. */
	const want_line shy[] = { { "ab", 2, 0 }, { SHY "cd", 2, 0 } };

	(void)state;
	check(s, 4, want, NWANT(want));
	check("ab  " SHY "cd", 3, shy, NWANT(shy));
	assert_int_equal(wrap_lines(s, strlen(s), 4, &l, &n), 0);
	assert_int_equal(l[1].start, 7);
	free(l);
}

static void test_long_url(void **state)
{
	const char *s = "see https://example.com/"
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\nend";
	const char *url = strstr(s, "https");
	size_t ulen = strcspn(url, "\n");
	char joined[128] = "";
	wrap_line *l;
	size_t n, k;
	int full = 0;

	(void)state;
	assert_int_equal(wrap_lines(s, strlen(s), 10, &l, &n), 0);
	check_invariants(s, strlen(s), 10, l, n);
	assert_int_equal(l[0].len, 3);
	assert_memory_equal(s + l[0].start, "see", 3);
	assert_memory_equal(s + l[n - 1].start, "end", 3);
	for (k = 1; k + 1 < n; k++) {
		assert_true(l[k].width <= 10);
		full += l[k].width == 10;
		strncat(joined, s + l[k].start, l[k].len);
	}
	/* The URL is split without losing a byte, filling whole lines. */
	assert_int_equal(strlen(joined), ulen);
	assert_memory_equal(joined, url, ulen);
	assert_true(full >= 3);
	free(l);
}

static void test_cjk(void **state)
{
	/* 中文字符测试文本: eight ideographs, 3 bytes and 2 columns each. */
	const char *s = "\xE4\xB8\xAD\xE6\x96\x87\xE5\xAD\x97\xE7\xAC\xA6"
		"\xE6\xB5\x8B\xE8\xAF\x95\xE6\x96\x87\xE6\x9C\xAC";
	const want_line w5[] = {
		{ "\xE4\xB8\xAD\xE6\x96\x87", 4, 0 },
		{ "\xE5\xAD\x97\xE7\xAC\xA6", 4, 0 },
		{ "\xE6\xB5\x8B\xE8\xAF\x95", 4, 0 },
		{ "\xE6\x96\x87\xE6\x9C\xAC", 4, 0 } };
	const want_line w6[] = {
		{ "\xE4\xB8\xAD\xE6\x96\x87\xE5\xAD\x97", 6, 0 },
		{ "\xE7\xAC\xA6\xE6\xB5\x8B\xE8\xAF\x95", 6, 0 },
		{ "\xE6\x96\x87\xE6\x9C\xAC", 4, 0 } };
	/* 中文。字: the ideographic full stop may not start a line. */
	const want_line stop[] = { { "\xE4\xB8\xAD", 2, 0 },
		{ "\xE6\x96\x87\xE3\x80\x82", 4, 0 }, { "\xE5\xAD\x97", 2, 0 } };
	const want_line w1[] = { { "\xE4\xB8\xAD", 2, 0 }, { "\xE6\x96\x87", 2, 0 } };
	const want_line mixed[] = { { "a", 1, 0 }, { "\xE4\xB8\xAD", 2, 0 },
		{ "b", 1, 0 } };

	(void)state;
	assert_int_equal(wrap_width(s, strlen(s)), 16);
	check(s, 5, w5, NWANT(w5));
	check(s, 4, w5, NWANT(w5));
	check(s, 6, w6, NWANT(w6));
	check("\xE4\xB8\xAD\xE6\x96\x87\xE3\x80\x82\xE5\xAD\x97", 4, stop, NWANT(stop));
	/* Width 1: each 2-wide ideograph still goes on a line, alone. */
	check("\xE4\xB8\xAD\xE6\x96\x87", 1, w1, NWANT(w1));
	check("a\xE4\xB8\xAD" "b", 1, mixed, NWANT(mixed));
}

static void test_emoji(void **state)
{
	const want_line thumbs[] = { { THUMB_MED THUMB_MED, 4, 0 },
		{ THUMB_MED, 2, 0 } };
	const want_line fam[] = { { "a", 1, 0 }, { FAMILY, 2, 0 }, { "b", 1, 0 } };
	const want_line fam1[] = { { FAMILY, 2, 0 } };
	const want_line fam3[] = { { FAMILY, 2, 0 }, { FAMILY, 2, 0 } };

	(void)state;
	assert_int_equal(wrap_width(THUMB_MED, strlen(THUMB_MED)), 2);
	assert_int_equal(wrap_width(FAMILY, strlen(FAMILY)), 2);
	check(THUMB_MED THUMB_MED THUMB_MED, 4, thumbs, NWANT(thumbs));
	check(THUMB_MED THUMB_MED THUMB_MED, 5, thumbs, NWANT(thumbs));
	check("a" FAMILY "b", 2, fam, NWANT(fam));
	check(FAMILY, 1, fam1, NWANT(fam1));
	check(FAMILY FAMILY, 3, fam3, NWANT(fam3));
}

static void test_combining(void **state)
{
	const want_line want[] = { { E_ACUTE E_ACUTE, 2, 0 }, { E_ACUTE, 1, 0 } };
	const want_line words[] = { { "caf" E_ACUTE, 4, 0 }, { "caf" E_ACUTE, 4, 0 } };

	(void)state;
	assert_int_equal(wrap_width(E_ACUTE, strlen(E_ACUTE)), 1);
	check(E_ACUTE E_ACUTE E_ACUTE, 2, want, NWANT(want));
	check("caf" E_ACUTE " caf" E_ACUTE, 6, words, NWANT(words));
}

static void test_soft_hyphen(void **state)
{
	const char *s = "co" SHY "op" SHY "er" SHY "a" SHY "tion";
	const want_line whole[] = { { s, 11, 0 } };
	const want_line w6[] = { { "co" SHY "op" SHY, 5, 1 },
		{ "er" SHY "a" SHY, 4, 1 }, { "tion", 4, 0 } };
	/* The '-' must fit too: at width 5 this break is not taken. */
	const want_line nofit[] = { { "abcde" SHY, 5, 0 }, { "fgh", 3, 0 } };
	const want_line fit[] = { { "abcde" SHY, 6, 1 }, { "fgh", 3, 0 } };
	const want_line space[] = { { "ab" SHY, 2, 0 }, { "cd", 2, 0 } };
	const want_line end[] = { { "ab" SHY, 2, 0 }, { "cd", 2, 0 } };

	(void)state;
	assert_int_equal(wrap_width(s, strlen(s)), 11);
	check(s, 80, whole, NWANT(whole));
	check(s, 0, whole, NWANT(whole));
	check(s, 6, w6, NWANT(w6));
	check("abcde" SHY "fgh", 5, nofit, NWANT(nofit));
	check("abcde" SHY "fgh", 6, fit, NWANT(fit));
	check("ab" SHY " cd", 3, space, NWANT(space));
	check("ab" SHY "\ncd", 10, end, NWANT(end));
}

static void test_rtl(void **state)
{
	/* שלום עולם and a pointed שָׁלוֹם (niqqud are combining marks). */
	const char *he = "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D";
	const char *pointed = "\xD7\xA9\xD6\xB8\xD7\x81\xD7\x9C\xD7\x95\xD6\xB9\xD7\x9D";
	/* مرحبا بالعالم and a vowelled مَرْحَبًا. */
	const char *ar = "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 "
		"\xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85";
	const char *vowelled = "\xD9\x85\xD9\x8E\xD8\xB1\xD9\x92\xD8\xAD\xD9\x8E"
		"\xD8\xA8\xD9\x8B\xD8\xA7";
	const want_line he5[] = { { "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", 4, 0 },
		{ "\xD7\xA2\xD7\x95\xD7\x9C\xD7\x9D", 4, 0 } };
	const want_line ar8[] = { { "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7", 5, 0 },
		{ "\xD8\xA8\xD8\xA7\xD9\x84\xD8\xB9\xD8\xA7\xD9\x84\xD9\x85", 7, 0 } };

	(void)state;
	assert_int_equal(wrap_width(he, strlen(he)), 9);
	assert_int_equal(wrap_width(pointed, strlen(pointed)), 4);
	assert_int_equal(wrap_width(ar, strlen(ar)), 13);
	assert_int_equal(wrap_width(vowelled, strlen(vowelled)), 5);
	check(he, 5, he5, NWANT(he5));
	check(ar, 8, ar8, NWANT(ar8));
}

static void test_invalid_utf8(void **state)
{
	const want_line one[] = { { "a\xFF\xFE" "b", 4, 0 } };
	const want_line two[] = { { "a\xFF", 2, 0 }, { "\xFE" "b", 2, 0 } };
	const char trunc[] = "x\xF0\x9F\x91";  /* a cut-off emoji at the end */
	const want_line tr[] = { { "x\xF0", 2, 0 }, { "\x9F\x91", 2, 0 } };

	(void)state;
	check("a\xFF\xFE" "b", 0, one, NWANT(one));
	check("a\xFF\xFE" "b", 2, two, NWANT(two));
	check_len(trunc, sizeof trunc - 1, 2, tr, NWANT(tr));
	assert_int_equal(wrap_width("\xC3", 1), 1);
	assert_int_equal(wrap_width("\xE2\x82", 2), 2);
	assert_int_equal(wrap_width("\xE4\xB8\xE4\xB8\xAD", 5), 4);
	assert_int_equal(wrap_width("\xCC\x81\x80", 3), 1);
}

static void test_wrap_width(void **state)
{
	char big[3 * 300 + 1];
	size_t i;

	(void)state;
	assert_int_equal(wrap_width("", 0), 0);
	assert_int_equal(wrap_width("hello", 5), 5);
	assert_int_equal(wrap_width("\t\x01", 2), 0);
	/* Longer than the stack buffer: takes the malloc path. */
	for (i = 0; i < 300; i++)
		memcpy(big + 3 * i, "\xE4\xB8\xAD", 3);
	big[900] = '\0';
	assert_int_equal(wrap_width(big, 900), 600);
}

/* ASCII takes a fast path: every pair of bytes, alone and before a
 * combining mark, measures as uc_width and u8_grapheme_breaks say. */
static void test_ascii_fast_path(void **state)
{
	(void)state;
	for (unsigned a = 0; a < 128; a++) {
		for (unsigned b = 0; b < 128; b++) {
			uint8_t s[4] = { (uint8_t)a, (uint8_t)b, 0xCC, 0x81 };
			char gb[4];
			int want = 0;

			for (size_t n = 2; n <= 4; n += 2) {
				u8_grapheme_breaks(s, n, gb);
				want = 0;
				for (size_t i = 0; i < n; ) {
					ucs4_t uc;
					int k = u8_mbtouc(&uc, s + i, n - i), w;

					w = uc_width(uc, "UTF-8");
					want += w > 0 ? w : 0;
					/* the rest of a cluster adds nothing */
					for (i += (size_t)k; i < n && !gb[i]; i++)
						;
				}
				if (wrap_width((const char *)s, n) != want)
					fail_msg("wrap_width of %02x %02x%s: %d, want %d", a, b,
					    n == 4 ? " U+0301" : "", wrap_width((const char *)s, n),
					    want);
			}
		}
	}
}

static unsigned next_rand(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 16) & 0x7fff;
}

static void test_random_invariants(void **state)
{
	static const char *const pieces[] = {
		"a", "bc", "word", "lengthyword", " ", "  ", "\n", "-", ",",
		"\xE4\xB8\xAD", "\xE6\x96\x87", "\xE3\x80\x82", E_ACUTE, SHY,
		THUMB_MED, FAMILY, "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
		"\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7", "\xFF", "\xE2\x82",
		"https://x.org/aaaaaaaaaaaaa", "\xCC\x81", ZWJ,
	};
	const size_t npieces = sizeof pieces / sizeof pieces[0];
	unsigned seed = 12345;
	char buf[2048];
	int round, width;

	(void)state;
	for (round = 0; round < 1000; round++) {
		size_t len = 0, count = next_rand(&seed) % 60, k;

		for (k = 0; k < count; k++) {
			const char *p = pieces[next_rand(&seed) % npieces];
			size_t pl = strlen(p);

			memcpy(buf + len, p, pl);
			len += pl;
		}
		for (width = 0; width <= 14; width++) {
			wrap_line *l;
			size_t n;

			assert_int_equal(wrap_lines(buf, len, width, &l, &n), 0);
			check_invariants(buf, len, width, l, n);
			if (width > 0)
				for (k = 0; k < n; k++)
					assert_true(l[k].width <= (width > 1 ? width : 2));
			free(l);
		}
	}
}

/* An address too long for its line keeps its host (or first directory)
 * and its end, and fits. */
static void
test_cut_middle(void **state)
{
	static const struct { const char *in; int width; const char *want; } t[] = {
		{ "https://example.org/a/b", 40, "https://example.org/a/b" },
		{ "https://example.com/a/very/long/path/to/the/page/story.html", 32,
		    "https://example.com/\xE2\x80\xA6/story.html" },
		{ "https://news.example.org/2024/03/world/europe/the-story.html", 41,
		    "https://news.example.org/\xE2\x80\xA6/the-story.html" },
		{ "https://news.example.org/2024/03/world/europe/the-story.html", 50,
		    "https://news.example.org/\xE2\x80\xA6/europe/the-story.html" },
		{ "/home/someone/projects/pith/tests/e2e/data/reader/long.html", 30,
		    "/home/\xE2\x80\xA6/data/reader/long.html" },
		{ "docs/a/very/long/path/to/a/page.html", 20, "docs/\xE2\x80\xA6/a/page.html" },
		/* The page's name before the first directory. */
		{ "/home/someone/projects/pith/long-name-of-page.html", 28,
		    "\xE2\x80\xA6/long-name-of-page.html" },
		/* No room for the host: the end alone. */
		{ "https://a-very-long-host-name.example.org/x/page.html", 20,
		    "\xE2\x80\xA6/x/page.html" },
		/* Wide characters count two columns; a cluster is never split. */
		{ "https://example.org/\xE6\x96\x87\xE6\x96\x87\xE6\x96\x87/"
		    "\xE6\x96\x87\xE6\x96\x87.html", 31,
		    "https://example.org/\xE2\x80\xA6/\xE6\x96\x87\xE6\x96\x87.html" },
		{ "\xe6\xbc\xa2\xe5\xad\x97\xe6\xbc\xa2\xe5\xad\x97\xe6\xbc\xa2\xe5\xad\x97", 7,
		    "\xE2\x80\xA6\xe5\xad\x97\xe6\xbc\xa2\xe5\xad\x97" },
		/* A combining mark stays on its letter. */
		{ "abcdefghie\xcc\x81", 6, "\xE2\x80\xA6" "fghie\xcc\x81" },
	};
	char out[256];
	size_t n;

	(void)state;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		n = wrap_cut_middle(t[i].in, strlen(t[i].in), t[i].width, "\xE2\x80\xA6",
		    out, sizeof out);
		assert_string_equal(out, t[i].want);
		assert_int_equal(n, strlen(out));
		assert_true(wrap_width(out, n) <= t[i].width);
	}
	/* A small buffer is cut between characters, never overflows. */
	n = wrap_cut_middle("\xe6\xbc\xa2\xe5\xad\x97", 6, 10, "~", out, 5);
	assert_int_equal(n, 3);
	wrap_cut_middle("https://example.org/a/b/c/d/e/f/g", 33, 10, "...", out, 8);
	assert_true(strlen(out) < 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ascii_widths),
		cmocka_unit_test(test_no_wrap),
		cmocka_unit_test(test_newlines),
		cmocka_unit_test(test_indent_without_room),
		cmocka_unit_test(test_long_url),
		cmocka_unit_test(test_cjk),
		cmocka_unit_test(test_emoji),
		cmocka_unit_test(test_combining),
		cmocka_unit_test(test_soft_hyphen),
		cmocka_unit_test(test_rtl),
		cmocka_unit_test(test_invalid_utf8),
		cmocka_unit_test(test_wrap_width),
		cmocka_unit_test(test_ascii_fast_path),
		cmocka_unit_test(test_random_invariants),
		cmocka_unit_test(test_cut_middle),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
