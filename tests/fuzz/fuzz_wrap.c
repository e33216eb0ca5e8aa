/*
 * fuzz_wrap.c - libFuzzer: the first byte is a width (signed: zero and
 * below mean no wrapping), the rest text for wrap_lines() and
 * wrap_width().  Every rule wrap.h states is checked on the result.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unigbrk.h>
#include <unistr.h>
#include "wrap.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t *text;
static size_t textlen;
static int wrapwidth;

static void
fail(const char *why, size_t line)
{
	fprintf(stderr, "fuzz_wrap: width %d, line %zu: %s\n", wrapwidth, line,
	    why);
	abort();
}

/* The length of a mandatory break at u[i] ("\r\n" is one), else 0. */
static size_t
mandatory(const uint8_t *u, size_t n, size_t i)
{
	ucs4_t c;
	int k = u8_mbtoucr(&c, u + i, n - i);

	if (k < 0)
		return 0;
	if (c == '\r' && i + 1 < n && u[i + 1] == '\n')
		return 2;
	if (c == '\n' || c == '\r' || c == 0x0b || c == 0x0c || c == 0x85 ||
	    c == 0x2028 || c == 0x2029)
		return (size_t)k;
	return 0;
}

/* Cluster starts as wrap.h defines them: grapheme breaks, and every
 * invalid byte a cluster of its own. */
static char *
cluster_starts(const uint8_t *u, size_t n)
{
	char *gb = malloc(n + 1), *start = calloc(n + 1, 1);
	size_t i = 0;

	if (gb == NULL || start == NULL)
		abort();
	u8_grapheme_breaks(u, n, gb);
	while (i < n) {
		ucs4_t c;
		int k = u8_mbtoucr(&c, u + i, n - i);

		start[i] = 1;
		if (k < 0) {
			i++;
			continue;
		}
		for (i += (size_t)k; i < n; i += (size_t)k) {
			k = u8_mbtoucr(&c, u + i, n - i);
			if (k < 0 || gb[i])
				break;
		}
	}
	start[n] = 1;
	free(gb);
	return start;
}

/* Bytes between lines: blanks and at most one mandatory break. */
static size_t
check_gap(size_t from, size_t to, size_t line)
{
	size_t breaks = 0;

	while (from < to) {
		size_t k = mandatory(text, textlen, from);

		if (k > 0) {
			breaks++;
			from += k;
		} else if (text[from] == ' ') {
			from++;
		} else {
			fail("text between lines is neither space nor a break", line);
		}
	}
	if (from != to)
		fail("a break straddles a line start", line);
	if (breaks > 1)
		fail("two mandatory breaks between two lines", line);
	return breaks;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	wrap_line *lines = NULL;
	size_t nlines = 99, prev = 0, breaks = 0, seen = 0;
	char *starts;
	int total;

	if (size < 1)
		return 0;
	wrapwidth = (signed char)data[0];
	text = data + 1;
	textlen = size - 1;

	total = wrap_width((const char *)text, textlen);
	if (total < 0)
		fail("wrap_width is negative", 0);
	if (wrap_lines((const char *)text, textlen, wrapwidth, &lines, &nlines) != 0)
		fail("wrap_lines failed on a small input", 0);
	if (textlen == 0) {
		if (nlines != 0 || lines != NULL)
			fail("empty text gave lines", 0);
		return 0;
	}
	if (nlines == 0 || lines == NULL)
		fail("text gave no lines", 0);

	for (size_t i = 0; i < textlen; ) {
		size_t k = mandatory(text, textlen, i);

		breaks += k > 0;
		i += k > 0 ? k : 1;
	}
	starts = cluster_starts(text, textlen);
	for (size_t l = 0; l < nlines; l++) {
		const wrap_line *w = &lines[l];
		const uint8_t *s = text + w->start;

		if (w->start < prev || w->start > textlen ||
		    w->len > textlen - w->start)
			fail("line out of order or out of the text", l);
		if (!starts[w->start] || !starts[w->start + w->len])
			fail("line splits a grapheme cluster", l);
		seen += check_gap(prev, w->start, l);
		for (size_t i = 0; i < w->len; i++)
			if (mandatory(s, w->len, i) > 0)
				fail("a mandatory break inside a line", l);
		/* A space joined to a prepended mark (U+0605 ' ') is not one. */
		if (w->len > 0 && s[w->len - 1] == ' ' &&
		    starts[w->start + w->len - 1])
			fail("a line ends with a space", l);
		if (w->hyphen != 0 && w->hyphen != 1)
			fail("hyphen is neither 0 nor 1", l);
		if (w->hyphen &&
		    (w->len < 2 || memcmp(s + w->len - 2, "\xc2\xad", 2) != 0))
			fail("hyphen set but no soft hyphen ends the line", l);
		if (w->width != wrap_width((const char *)s, w->len) + w->hyphen)
			fail("width is not the width of the line's bytes", l);
		if (wrapwidth > 0 && w->width > wrapwidth) {
			/* Only a cluster too wide for any line may overflow,
			 * alone but for zero-width ones (marks, controls). */
			size_t c = 0;

			for (size_t i = 0, j; i < w->len; i = j) {
				for (j = i + 1; !starts[w->start + j]; j++)
					;
				c += wrap_width((const char *)s + i, j - i) > 0;
			}
			if (c != 1 || w->hyphen)
				fail("line wider than the width", l);
		}
		prev = w->start + w->len;
	}
	seen += check_gap(prev, textlen, nlines);
	if (seen != breaks)
		fail("mandatory breaks lost", nlines);
	/* Every mandatory break ends exactly one line. */
	if (nlines < breaks + 1 || (wrapwidth <= 0 && nlines != breaks + 1))
		fail("line count does not match the mandatory breaks", nlines);
	free(starts);
	free(lines);
	return 0;
}
