/*
 * bidi.c - lines in visual order with FriBidi; see bidi.h.
 *
 * Each display line is reordered on its own (UAX #9 run over the line,
 * the block's direction as its base): wrapping stays in logical order,
 * as the issue of which words fit is the same either way.
 */
#include "bidi.h"

#include <fribidi.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistr.h>

#include "array.h"

/* One line's characters and what FriBidi makes of them. */
typedef struct {
	FriBidiChar *u;
	size_t *off, *seg;
	unsigned char *len;
	FriBidiCharType *types;
	FriBidiBracketType *brackets;
	FriBidiLevel *levels;
	FriBidiStrIndex *map;
	FriBidiArabicProp *ar;     /* joining, for shaping */
	FriBidiChar *shaped;       /* u in presentation forms */
	size_t n, cap;
} chars;

static void
chars_free(chars *c)
{
	free(c->u);
	free(c->off);
	free(c->seg);
	free(c->len);
	free(c->types);
	free(c->brackets);
	free(c->levels);
	free(c->map);
	free(c->ar);
	free(c->shaped);
	memset(c, 0, sizeof *c);
}

static int
chars_grow(chars *c, size_t n)
{
	size_t cap;

	if (n <= c->cap)
		return 0;
	cap = n < 64 ? 64 : n * 2;
	/* Each array at its own size; all grow together. */
#define GROW(f) do { \
		void *p = realloc(c->f, cap * sizeof *c->f); \
		if (p == NULL) \
			return -1; \
		c->f = p; \
	} while (0)
	GROW(u);
	GROW(off);
	GROW(seg);
	GROW(len);
	GROW(types);
	GROW(brackets);
	GROW(levels);
	GROW(map);
	GROW(ar);
	GROW(shaped);
#undef GROW
	c->cap = cap;
	return 0;
}

/* A character that is only there for FriBidi: shown nowhere. */
#define NOWHERE ((size_t)-1)

static int
chars_add(chars *c, ucs4_t ch, size_t seg, size_t off, int len)
{
	if (chars_grow(c, c->n + 1) != 0)
		return -1;
	c->u[c->n] = ch;
	c->off[c->n] = off;
	c->seg[c->n] = seg;
	c->len[c->n] = (unsigned char)len;
	c->n++;
	return 0;
}

/* The separators around pith's own words (" · ", " - "): kept out of
 * their isolate, so they sit between the words they separate.  The
 * bytes of one at the start (sep_front) or end (sep_back) of p[0..n),
 * or 0. */
static size_t
sep_front(const char *p, size_t n)
{
	if (n >= 1 && (*p == ' ' || *p == '-' || *p == '|'))
		return 1;
	return n >= 2 && memcmp(p, "\xc2\xb7", 2) == 0 ? 2 : 0;
}

static size_t
sep_back(const char *p, size_t n)
{
	if (n >= 1 && (p[n - 1] == ' ' || p[n - 1] == '-' || p[n - 1] == '|'))
		return 1;
	return n >= 2 && memcmp(p + n - 2, "\xc2\xb7", 2) == 0 ? 2 : 0;
}

enum { MAX_ISO = 8 };

/* The separator (" · ", " - ") at t[p..e), its bytes, or 0. */
static size_t
separator(const char *t, size_t p, size_t e)
{
	if (e - p >= 2 && memcmp(t + p, "\xc2\xb7", 2) == 0)
		return 2;
	return e - p >= 3 && memcmp(t + p, " - ", 3) == 0 ? 3 : 0;
}

/* pith's own words in t[s..e) (a decoration segment) as isolates
 * [ra[i], re[i]): the stretches between separators, less the spaces
 * and separators at their ends.  Returns how many (MAX_ISO at most). */
static int
isolates(const char *t, size_t s, size_t e, size_t *ra, size_t *re)
{
	size_t from = s, k;
	int n = 0;

	for (size_t p = s; p <= e; ) {
		size_t sl = p < e ? separator(t, p, e) : 0;

		if (p < e && (sl == 0 || n + 1 >= MAX_ISO)) {
			p++;
			continue;
		}
		ra[n] = from;
		re[n] = p;
		while ((k = sep_front(t + ra[n], re[n] - ra[n])) > 0)
			ra[n] += k;
		while ((k = sep_back(t + ra[n], re[n] - ra[n])) > 0)
			re[n] -= k;
		n += ra[n] < re[n];
		if (p == e)
			break;
		p += sl;
		from = p;
	}
	return n;
}

/* A table's column separator: the cells between are isolated. */
static int
is_column(const layout_seg *sg)
{
	return sg->elem == TH_TABLE && !sg->content;
}

/* Decode segments [from, to) of line ln into c; *any_rtl is set when
 * one of them is written right to left.  With isolate, pith's own
 * words among the page's ("[3]", "1 min read") are left-to-right
 * isolates (LRI ... PDI): they read as written and sit in the text as
 * a neutral would; and a table row's cells are first-strong isolates
 * (FSI ... PDI), so each reads in its own direction and none runs into
 * the next column. */
static int
chars_load(chars *c, const layout *l, const layout_line *ln, size_t from,
           size_t to, int isolate, int *any_rtl)
{
	int row = 0;

	c->n = 0;
	for (size_t s = from; isolate && s < to; s++)
		row |= is_column(&l->segs[ln->seg + s]);
	if (row && chars_add(c, 0x2068, NOWHERE, 0, 0) != 0)
		return -1;
	for (size_t s = from; s < to; s++) {
		const layout_seg *sg = &l->segs[ln->seg + s];
		size_t ra[MAX_ISO], re[MAX_ISO];
		int nr = isolate && !sg->content ? isolates(l->text, sg->off,
		    sg->off + sg->len, ra, re) : 0;

		if (row && is_column(sg) && chars_add(c, 0x2069, NOWHERE, 0, 0) != 0)
			return -1;
		for (size_t b = sg->off; b <= sg->off + sg->len; ) {
			ucs4_t ch;
			int k;
			FriBidiCharType t;

			for (int r = 0; r < nr; r++)
				if ((b == ra[r] && chars_add(c, 0x2066, NOWHERE, 0, 0) != 0) ||
				    (b == re[r] && chars_add(c, 0x2069, NOWHERE, 0, 0) != 0))
					return -1;
			if (b == sg->off + sg->len)
				break;
			if ((k = u8_mbtoucr(&ch, (const uint8_t *)l->text + b,
			    sg->off + sg->len - b)) <= 0) {
				ch = 0xfffd;
				k = 1;
			}
			t = fribidi_get_bidi_type(ch);
			if (t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL || t == FRIBIDI_TYPE_AN)
				*any_rtl = 1;
			if (chars_add(c, ch, ln->seg + s, b, k) != 0)
				return -1;
			b += (size_t)k;
		}
		if (row && is_column(sg) && chars_add(c, 0x2068, NOWHERE, 0, 0) != 0)
			return -1;
	}
	return row ? chars_add(c, 0x2069, NOWHERE, 0, 0) : 0;
}

static int
push(bidi_line_view *v, size_t seg, size_t off, size_t len, ucs4_t alt)
{
	bidi_piece *p = v->n > 0 ? &v->v[v->n - 1] : NULL;

	/* A stretch read left to right stays one piece. */
	if (alt == 0 && p != NULL && p->altlen == 0 && p->seg == seg &&
	    p->off + p->len == off) {
		p->len += len;
		return 0;
	}
	if (array_grow(&v->v, &v->cap, v->n + 1, sizeof *v->v) != 0)
		return -1;
	p = &v->v[v->n++];
	memset(p, 0, sizeof *p);
	p->seg = seg;
	p->off = off;
	p->len = len;
	if (alt != 0) {
		int k = u8_uctomb((uint8_t *)p->alt, alt, (int)sizeof p->alt);

		p->altlen = (unsigned char)(k > 0 ? k : 0);
	}
	return 0;
}

/* Arabic letters in the form their neighbours give them (initial,
 * medial, final, isolated presentation forms), into c->shaped: for
 * terminals that show each code point as it is. */
static void
shape(chars *c)
{
	FriBidiStrIndex n = (FriBidiStrIndex)c->n;

	memcpy(c->shaped, c->u, c->n * sizeof *c->u);
	fribidi_get_joining_types(c->u, n, c->ar);
	fribidi_join_arabic(c->types, n, c->levels, c->ar);
	fribidi_shape_arabic(FRIBIDI_FLAG_SHAPE_ARAB_PRES, c->levels, n, c->ar, c->shaped);
}

/* c's characters in visual order, base direction rtl, onto v; brackets
 * in right-to-left runs mirrored (L4), Arabic shaped when v->shape. */
static int
reorder(chars *c, int rtl, bidi_line_view *v)
{
	FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
	FriBidiStrIndex n = (FriBidiStrIndex)c->n;

	if (c->n == 0)
		return 0;
	fribidi_get_bidi_types(c->u, n, c->types);
	fribidi_get_bracket_types(c->u, n, c->types, c->brackets);
	if (fribidi_get_par_embedding_levels_ex(c->types, c->brackets, n, &base,
	    c->levels) == 0)
		return -1;
	if (v->shape)
		shape(c);
	for (FriBidiStrIndex i = 0; i < n; i++)
		c->map[i] = i;
	if (fribidi_reorder_line(FRIBIDI_FLAG_REORDER_NSM, c->types, n, 0, base,
	    c->levels, NULL, c->map) == 0)
		return -1;
	for (FriBidiStrIndex k = 0; k < n; k++) {
		size_t j = (size_t)c->map[k];
		FriBidiChar m = 0;

		if (c->seg[j] == NOWHERE)
			continue;
		if (!FRIBIDI_LEVEL_IS_RTL(c->levels[j]) ||
		    !fribidi_get_mirror_char(c->u[j], &m))
			m = v->shape && c->shaped[j] != c->u[j] ? c->shaped[j] : 0;
		if (push(v, c->seg[j], c->off[j], c->len[j], m) != 0)
			return -1;
	}
	return 0;
}

/* Segments [from, to) as they are. */
static int
as_is(const layout *l, const layout_line *ln, size_t from, size_t to,
      bidi_line_view *v)
{
	for (size_t s = from; s < to; s++) {
		const layout_seg *sg = &l->segs[ln->seg + s];

		if (push(v, ln->seg + s, sg->off, sg->len, 0) != 0)
			return -1;
	}
	return 0;
}

static int
ascii_only(const layout *l, const layout_line *ln)
{
	for (size_t s = ln->fixed; s < ln->nseg; s++) {
		const layout_seg *sg = &l->segs[ln->seg + s];

		for (size_t b = sg->off; b < sg->off + sg->len; b++)
			if ((unsigned char)l->text[b] >= 0x80)
				return 0;
	}
	return 1;
}

int
bidi_line(const layout *l, size_t i, bidi_line_view *v)
{
	const layout_line *ln = &l->lines[i];
	int rtl = (ln->flags & LAYOUT_RTL) != 0, any = 0, rc = 0;
	chars c = {0};

	v->n = 0;
	v->pad = 0;
	/* Most lines are left to right and plain ASCII: nothing to do. */
	if (!rtl && ascii_only(l, ln))
		return 0;
	if (chars_load(&c, l, ln, ln->fixed, ln->nseg, 1, &any) != 0) {
		chars_free(&c);
		return -1;
	}
	if (rtl) {
		/* Flush right: the text, then the prefix on the right. */
		v->pad = l->width > ln->width ? l->width - ln->width : 0;
		rc = reorder(&c, 1, v);
		if (rc == 0)
			rc = chars_load(&c, l, ln, ln->gutter, ln->fixed, 0, &any);
		if (rc == 0)
			rc = reorder(&c, 1, v);
	} else if (any) {
		rc = as_is(l, ln, ln->gutter, ln->fixed, v);
		if (rc == 0)
			rc = reorder(&c, 0, v);
	}
	chars_free(&c);
	if (rc != 0)
		v->n = 0;
	return rc;
}

void
bidi_line_view_free(bidi_line_view *v)
{
	free(v->v);
	memset(v, 0, sizeof *v);
}

/* Append n bytes to out (size > 0), always NUL-terminated. */
static void
put(char *out, size_t size, size_t *k, const char *s, size_t n)
{
	if (*k + n >= size)
		n = size - 1 - *k;
	memcpy(out + *k, s, n);
	*k += n;
	out[*k] = '\0';
}

void
bidi_line_text(const layout *l, size_t i, int shape, char *out, size_t size)
{
	bidi_line_view v = { .shape = shape };
	const layout_line *ln;
	size_t k = 0;

	if (size == 0)
		return;
	out[0] = '\0';
	if (i >= l->nlines)
		return;
	ln = &l->lines[i];
	if (bidi_line(l, i, &v) != 0 || (v.n == 0 && !(ln->flags & LAYOUT_RTL))) {
		bidi_line_view_free(&v);
		layout_line_text(l, i, out, size);
		return;
	}
	for (size_t s = 0; s < ln->gutter; s++)
		put(out, size, &k, l->text + l->segs[ln->seg + s].off,
		    l->segs[ln->seg + s].len);
	for (int p = 0; p < v.pad; p++)
		put(out, size, &k, " ", 1);
	for (size_t p = 0; p < v.n; p++) {
		if (v.v[p].altlen > 0)
			put(out, size, &k, v.v[p].alt, v.v[p].altlen);
		else
			put(out, size, &k, l->text + v.v[p].off, v.v[p].len);
	}
	bidi_line_view_free(&v);
}

int
bidi_text_rtl(const char *s, size_t n)
{
	for (size_t i = 0; i < n; ) {
		ucs4_t c;
		int k = u8_mbtoucr(&c, (const uint8_t *)s + i, n - i);
		FriBidiCharType t;

		i += k > 0 ? (size_t)k : 1;
		if (k <= 0)
			continue;
		t = fribidi_get_bidi_type(c);
		if (t == FRIBIDI_TYPE_LTR)
			return 0;
		if (t == FRIBIDI_TYPE_RTL || t == FRIBIDI_TYPE_AL)
			return 1;
	}
	return -1;
}

int
bidi_lang_rtl(const char *lang)
{
	static const char *const langs[] = { "ar", "arc", "azb", "ckb", "dv",
	    "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo", "pnb",
	    "prs", "ps", "sd", "syr", "ug", "ur", "yi" };
	static const char *const scripts[] = { "Adlm", "Arab", "Hebr", "Nkoo",
	    "Rohg", "Samr", "Syrc", "Thaa" };
	size_t n;

	if (lang == NULL)
		return 0;
	n = strcspn(lang, "-_");
	/* A script subtag says it outright: az-Arab, sd-Deva. */
	if (lang[n] != '\0' && strcspn(lang + n + 1, "-_") == 4) {
		for (size_t i = 0; i < sizeof scripts / sizeof *scripts; i++)
			if (strncasecmp(lang + n + 1, scripts[i], 4) == 0)
				return 1;
		return 0;
	}
	for (size_t i = 0; i < sizeof langs / sizeof *langs; i++)
		if (strlen(langs[i]) == n && strncasecmp(lang, langs[i], n) == 0)
			return 1;
	return 0;
}

int
bidi_page_text_rtl(const pith_doc *d, const char *s, size_t n)
{
	const pith_meta *m = pith_doc_meta(d);
	int t;

	if (m != NULL && m->dir != NULL)
		return strcmp(m->dir, "rtl") == 0;
	if (bidi_lang_rtl(pith_doc_lang(d)))
		return 1;
	t = bidi_text_rtl(s, n);
	return t > 0;
}

int
bidi_block_rtl(const pith_doc *d, size_t b, size_t s, size_t e)
{
	const pith_block *blk = pith_doc_block(d, b);
	const char *dir = pith_block_dir(d, b);

	if (dir != NULL)
		return strcmp(dir, "rtl") == 0;
	if (blk == NULL || s > e || e > blk->len)
		return bidi_page_text_rtl(d, "", 0);
	return bidi_page_text_rtl(d, blk->text + s, e - s);
}
