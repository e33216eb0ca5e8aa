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
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		wrap_line *nv = ncap < *cap || ncap > SIZE_MAX / sizeof **v ? NULL
			: realloc(*v, ncap * sizeof **v);

		if (!nv)
			return -1;
		*v = nv;
		*cap = ncap;
	}
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

/* The columns of code point c, as cluster() counts a cluster's first. */
static int
cp_width(ucs4_t c)
{
	int w = c == SOFT_HYPHEN ? 0 : uc_width(c, "UTF-8");

	return w < 0 ? 0 : w;
}

size_t
wrap_cut_middle(const char *s, size_t len, int width, const char *ellipsis,
                char *out, size_t size)
{
	const uint8_t *u = (const uint8_t *)s;
	int ew = wrap_width(ellipsis, strlen(ellipsis)), head, tail, w = 0;
	size_t i = 0, h = 0, t = len, k;

	if (size == 0)
		return 0;
	if (wrap_width(s, len) <= width || width <= ew) {
		k = len < size - 1 ? len : size - 1;
		/* Whole, or as much as fits the buffer, cut between characters. */
		while (k < len && k > 0 && (u[k] & 0xc0) == 0x80)
			k--;
		memcpy(out, s, k);
		out[k] = '\0';
		return k;
	}
	/* The start (the host) gets half, the end (the page's own name) the
	 * rest. */
	head = (width - ew) / 2;
	tail = width - ew - head;
	while (i < len) {
		ucs4_t c;
		int n = u8_mbtoucr(&c, u + i, len - i), cw;

		if (n < 0)
			n = 1, c = 0xFFFD;
		cw = cp_width(c);
		if (w + cw > head)
			break;
		w += cw;
		i += (size_t)n;
	}
	h = i;
	for (w = 0; t > h;) {
		size_t j = t - 1;
		ucs4_t c;
		int n, cw;

		while (j > h && (u[j] & 0xc0) == 0x80)
			j--;
		n = u8_mbtoucr(&c, u + j, t - j);
		if (n < 0)
			c = 0xFFFD;
		cw = cp_width(c);
		if (w + cw > tail)
			break;
		w += cw;
		t = j;
	}
	/* Marks that join a character stay with it. */
	while (t < len && t > h) {
		ucs4_t c;

		if (u8_mbtoucr(&c, u + t, len - t) < 0 || cp_width(c) != 0)
			break;
		t += (size_t)u8_mblen(u + t, len - t);
	}
	k = (size_t)snprintf(out, size, "%.*s%s%.*s", (int)h, s, ellipsis, (int)(len - t), s + t);
	return k < size ? k : size - 1;
}
