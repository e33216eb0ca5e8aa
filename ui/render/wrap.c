/*
 * wrap.c - Unicode-aware line wrapping; see wrap.h for the rules.
 *
 * One greedy pass per line.  When a cluster overflows, the line ends at
 * the last recorded break opportunity and scanning resumes there; only
 * the tail after that opportunity is scanned twice, so the whole pass
 * stays linear in practice.
 */
#include "wrap.h"

#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unigbrk.h>
#include <unilbrk.h>
#include <unistr.h>
#include <uniwidth.h>

#include "array.h"

#define SOFT_HYPHEN 0x00AD

/* Length in bytes of the grapheme cluster at u[i]; *first gets its first
 * code point and *w its width.  gb holds u8_grapheme_breaks() output, or
 * is NULL to fall back to pairwise rules (no memory for the array). */
static size_t cluster(const uint8_t *u, size_t len, const char *gb, size_t i,
		ucs4_t *first, int *w)
{
	ucs4_t uc, c;
	int n;
	size_t j;

	/* ASCII alone in its cluster (most text): printable characters are
	 * one column, controls none, as uc_width says (test_wrap checks). */
	if (u[i] < 0x80 && gb && (i + 1 >= len || gb[i + 1])) {
		*first = u[i];
		*w = u[i] >= 0x20 && u[i] < 0x7f;
		return 1;
	}
	n = u8_mbtoucr(&uc, u + i, len - i);
	if (n < 0) {
		/* libunistring may lump invalid bytes together; we never do. */
		*first = 0xFFFD;
		*w = 1;
		return 1;
	}
	*first = uc;
	*w = uc == SOFT_HYPHEN ? 0 : uc_width(uc, "UTF-8");
	if (*w < 0)
		*w = 0;
	for (j = i + (size_t)n; j < len; j += (size_t)n) {
		n = u8_mbtoucr(&c, u + j, len - j);
		if (n < 0 || (gb ? gb[j] : uc_is_grapheme_break(uc, c)))
			break;
		uc = c;
	}
	return j - i;
}

/* u8_grapheme_breaks; ASCII text (no Extend, no ZWJ) breaks between
 * every two characters but CR LF, so it needs no property lookups. */
static void graphemes(const uint8_t *u, size_t len, char *gb)
{
	size_t i;

	for (i = 0; i < len && u[i] < 0x80; i++)
		;
	if (i < len) {
		u8_grapheme_breaks(u, len, gb);
		return;
	}
	memset(gb, 1, len);
	for (const uint8_t *cr = u; (cr = memchr(cr, '\r', len - (size_t)(cr - u))) != NULL; cr++)
		if ((size_t)(cr - u) + 1 < len && cr[1] == '\n')
			gb[cr - u + 1] = 0;
}

static int clamp(long w)
{
	return w > INT_MAX ? INT_MAX : (int)w;
}

static int push(wrap_line **v, size_t *n, size_t *cap, size_t start,
		size_t len, long width, int hyphen)
{
	if (array_grow(v, cap, *n + 1, sizeof **v) != 0)
		return -1;
	(*v)[(*n)++] = (wrap_line){ start, len, clamp(width), hyphen };
	return 0;
}

int wrap_lines(const char *s, size_t len, int width, wrap_line **lines, size_t *nlines)
{
	const uint8_t *u = (const uint8_t *)s;
	long lim = width > 0 ? width : LONG_MAX;
	wrap_line *v = NULL;
	size_t n = 0, cap = 0, ls = 0;
	char *lb, *gb;

	*lines = NULL;
	*nlines = 0;
	if (len == 0)
		return 0;
	if (len > SIZE_MAX / 2 || !(lb = malloc(2 * len)))
		return -1;
	gb = lb + len;
	u8_possible_linebreaks(u, len, "UTF-8", lb);
	graphemes(u, len, gb);

	for (;;) {
		/* vend/vw: end and width of the shown text (trailing spaces
		 * excluded); brk/bend/bw/bhy: the last opportunity that fits. */
		size_t i = ls, vend = ls, brk = 0, bend = 0, next = 0;
		long col = 0, vw = 0, bw = 0;
		int shy = 0, bhy = 0, hy = 0, cw;
		ucs4_t uc;

		while (i < len) {
			size_t cl;
			int op = lb[i] == UC_BREAK_POSSIBLE || lb[i] == UC_BREAK_HYPHENATION;

			/* cluster()'s ASCII case, without the call. */
			if (u[i] < 0x80 && (i + 1 >= len || gb[i + 1])) {
				cl = 1;
				uc = u[i];
				cw = u[i] >= 0x20 && u[i] < 0x7f;
			} else {
				cl = cluster(u, len, gb, i, &uc, &cw);
			}

			if (lb[i] == UC_BREAK_MANDATORY || lb[i] == UC_BREAK_CR_BEFORE_LF) {
				next = i + cl;
				break;
			}
			if (cl == 1 && uc == ' ') {
				/* Counted only if something visible follows. */
				col += cw;
				i++;
				shy = 0;
				continue;
			}
			/* After a soft hyphen the break needs a column for the '-'. */
			if (op && width > 0 && vend > ls && (!shy || vw < lim)) {
				brk = i;
				bend = vend;
				bw = vw + shy;
				bhy = shy;
			}
			/* A zero-width cluster overflows only by making the
			 * spaces before it count. */
			if (col + cw > lim && (cw > 0 || col > vw)) {
				if (brk) {
					vend = bend;
					vw = bw;
					hy = bhy;
					next = brk;
					break;
				}
				if (vend > ls) {
					next = i;  /* hard break inside a word */
					break;
				}
				/* Only indentation so far, and it leaves no room: drop it. */
				ls = i;
				col = 0;
			}
			col += cw;
			i += cl;
			vend = i;
			vw = col;
			shy = uc == SOFT_HYPHEN;
		}
		if (push(&v, &n, &cap, ls, vend - ls, vw, hy) < 0) {
			free(v);
			free(lb);
			return -1;
		}
		if (!next)  /* end of text; next > 0 whenever a break was taken */
			break;
		ls = next;
	}
	free(lb);
	*lines = v;
	*nlines = n;
	return 0;
}

int wrap_width(const char *s, size_t len)
{
	const uint8_t *u = (const uint8_t *)s;
	char small[256], *gb;
	long w = 0;
	size_t i = 0;
	ucs4_t uc;
	int cw;

	/* ASCII: one column per printable character, none per control
	 * (CR LF is one cluster of two zero-wide ones). */
	for (i = 0; i < len && u[i] < 0x80; i++)
		w += u[i] >= 0x20 && u[i] < 0x7f;
	if (i == len)
		return clamp(w);
	w = 0;
	i = 0;
	gb = len <= sizeof small ? small : malloc(len);

	if (gb && len)
		graphemes(u, len, gb);
	while (i < len) {
		i += cluster(u, len, gb, i, &uc, &cw);
		w += cw;
	}
	if (gb != small)
		free(gb);
	return clamp(w);
}

/* Where the part of an address to keep at the front ends: after the
 * host ("https://host/"), else after the first directory ("/home/",
 * "docs/"); 0 when there is none. */
static size_t middle_head(const char *s, size_t len)
{
	const char *p = NULL, *slash;
	size_t from;

	for (size_t i = 0; i + 3 <= len && p == NULL; i++)
		if (memcmp(s + i, "://", 3) == 0)
			p = s + i;
	from = p != NULL ? (size_t)(p - s) + 3 : len > 0 && s[0] == '/' ? 1 : 0;
	slash = from < len ? memchr(s + from, '/', len - from) : NULL;
	return slash != NULL ? (size_t)(slash - s) + 1 : 0;
}

/* Where the longest run of whole clusters at the end of s that fits in
 * room columns starts, moved on to a '/' in it if there is one: the
 * end of "host/…/dir/file", not of "host/…ir/file". */
static size_t middle_tail(const char *s, size_t len, const char *gb, int room)
{
	const uint8_t *u = (const uint8_t *)s;
	size_t tail = len, i = 0;
	const char *slash;
	int rest = wrap_width(s, len), w;

	while (i < len) {
		ucs4_t c;

		if (rest <= room) {
			tail = i;
			break;
		}
		i += cluster(u, len, gb, i, &c, &w);
		rest -= w;
	}
	slash = memchr(s + tail, '/', len - tail);
	if (slash != NULL && (size_t)(slash - s) + 1 < len)
		tail = (size_t)(slash - s);
	return tail;
}

/* At most size - 1 bytes of s[0..len), cut between characters. */
static size_t copy_cut(const char *s, size_t len, char *out, size_t size)
{
	size_t k = len < size - 1 ? len : size - 1;

	while (k < len && k > 0 && ((const uint8_t *)s)[k] >= 0x80 &&
	    (((const uint8_t *)s)[k] & 0xc0) == 0x80)
		k--;
	memcpy(out, s, k);
	out[k] = '\0';
	return k;
}

size_t wrap_cut_middle(const char *s, size_t len, int width, const char *ellipsis,
                       char *out, size_t size)
{
	size_t ml = strlen(ellipsis), head, tail, n, last;
	int mw = wrap_width(ellipsis, ml);
	char *gb;

	if (size == 0)
		return 0;
	if (wrap_width(s, len) <= width || width <= mw || (gb = malloc(len ? len : 1)) == NULL)
		return copy_cut(s, len, out, size);
	graphemes((const uint8_t *)s, len, gb);
	/* The last segment is the page's name: the front goes before it does. */
	for (last = len; last > 0 && s[last - 1] != '/'; last--)
		;
	head = middle_head(s, len);
	if (wrap_width(s, head) + mw >= width)
		head = 0;
	tail = middle_tail(s, len, gb, width - wrap_width(s, head) - mw);
	if (head > 0 && tail > last) {
		head = 0;
		tail = middle_tail(s, len, gb, width - mw);
	}
	free(gb);
	if (head + ml + (len - tail) >= size)
		return copy_cut(s, len, out, size);
	memcpy(out, s, head);
	n = head;
	memcpy(out + n, ellipsis, ml);
	n += ml;
	memcpy(out + n, s + tail, len - tail);
	n += len - tail;
	out[n] = '\0';
	return n;
}
