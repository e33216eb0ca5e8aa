/*
 * layout.c - blocks to screen lines; see layout.h.
 *
 * Each block is first turned into a display string: its text made safe,
 * with decorations ("[3]", "[image: ") spliced in, and a list of styled
 * pieces over it.  wrap.h breaks that string into lines by display
 * width, and each line's share of the pieces becomes its segments,
 * after the fixed prefix (gutter, quote bars, list indent and marker).
 */
#include "layout.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>
#include <uniwidth.h>

#include "array.h"
#include "bidi.h"
#include "overlay.h"
#include "pith_debug.h"
#include "wrap.h"

#define SOFT_HYPHEN "\xc2\xad"

/* A piece's attribute bit, while laying out the overlay: the text was
 * dropped, and ends up in TH_DIM. */
enum { DROPPED = 0x80 };

/* memmem is a GNU extension; this is all we need of it. */
static const char *
find(const char *s, size_t n, const char *pat, size_t m)
{
	for (size_t i = 0; m > 0 && i + m <= n; i++)
		if (s[i] == pat[0] && memcmp(s + i, pat, m) == 0)
			return s + i;
	return NULL;
}

/* ------------------------------------------------------ safe text */

/* Code points never shown: C0 and C1 controls, DEL, the marks and
 * overrides that would let a page reorder what the terminal shows, and
 * tag characters (invisible text some terminals still pass on). */
static int
hidden(ucs4_t c)
{
	return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x061c ||
	    c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) ||
	    (c >= 0x2066 && c <= 0x2069) || (c >= 0xfff9 && c <= 0xfffb) ||
	    (c >= 0xe0000 && c <= 0xe007f);
}

/* ESCAPE: what would be dropped is written as \x1b or \u202e instead. */
enum { KEEP_NL = 1, KEEP_TAB = 2, EXPAND_TAB = 4, ASCII = 8, ESCAPE = 16 };

/* The longest a character becomes: "\U000e0041". */
#define SAFE_MAX 12

/* Decode s[*i..n) one code point at a time, already filtered: returns
 * the bytes to show for it in out (0 to drop it) and advances *i. */
static size_t
safe_char(const char *s, size_t n, size_t *i, unsigned mode, uint8_t out[SAFE_MAX])
{
	ucs4_t c;
	int k = u8_mbtoucr(&c, (const uint8_t *)s + *i, n - *i);

	if (k < 0) {
		if (mode & ESCAPE)
			return (size_t)snprintf((char *)out, SAFE_MAX, "\\x%02x",
			    (unsigned char)s[(*i)++]);
		(*i)++;
		c = 0xfffd;
	} else {
		*i += (size_t)k;
	}
	if ((mode & ESCAPE) && (c < 0x20 || hidden(c)))
		return (size_t)snprintf((char *)out, SAFE_MAX, c < 0x80 ? "\\x%02x" :
		    c < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)c);
	if (c == '\n' || c == 0x2028 || c == 0x2029) {
		out[0] = (mode & KEEP_NL) ? '\n' : ' ';
		return 1;
	}
	if (c == '\t') {
		out[0] = (mode & (KEEP_TAB | EXPAND_TAB)) ? '\t' : ' ';
		return 1;
	}
	if (c == '\r' || hidden(c))
		return 0;
	if ((mode & ASCII) && c >= 0x80) {
		/* Marks that only join the character before need no '?'. */
		if (uc_width(c, "UTF-8") == 0)
			return 0;
		out[0] = '?';
		return 1;
	}
	return (size_t)u8_uctomb(out, c, 8);
}

/* s[0..n) through safe_char into out, cut at a character boundary. */
static size_t
clean_with(const char *s, size_t n, unsigned mode, char *out, size_t size)
{
	size_t i = 0, k = 0;

	if (size == 0)
		return 0;
	while (i < n) {
		uint8_t ch[SAFE_MAX];
		size_t m = safe_char(s, n, &i, mode, ch);

		if (k + m >= size)
			break;
		memcpy(out + k, ch, m);
		k += m;
	}
	out[k] = '\0';
	return k;
}

size_t
layout_clean(const char *s, size_t n, int ascii, char *out, size_t size)
{
	return clean_with(s, n, ascii ? ASCII : 0, out, size);
}

size_t
layout_escape(const char *s, size_t n, char *out, size_t size)
{
	return clean_with(s, n, ESCAPE, out, size);
}

/* ------------------------------------------------- display strings */

typedef struct {
	uint32_t off, len;     /* bytes of the string (LAYOUT_MAX_TEXT) */
	unsigned char elem, attr, content;
	int link;
} piece;

_Static_assert(sizeof(piece) == 16 && sizeof(layout_seg) == 16,
    "a piece and a segment take 16 bytes (LAYOUT_MAX_TEXT)");

typedef struct {
	char *buf;
	size_t len, cap;
	piece *p;
	size_t np, capp;
	size_t col_at;         /* for tab stops: a byte of the last line, */
	int col;               /*   and its column */
	int oom;
} dstr;

static void
ds_reset(dstr *d)
{
	d->len = d->np = d->col_at = 0;
	d->col = 0;
}

static void
ds_free(dstr *d)
{
	free(d->buf);
	free(d->p);
	memset(d, 0, sizeof *d);
}

/* Start a piece with this style, or extend the last one. */
static piece *
ds_piece(dstr *d, unsigned elem, unsigned attr, int content, int link)
{
	piece *p = d->np ? &d->p[d->np - 1] : NULL;

	if (p != NULL && p->elem == elem && p->attr == attr &&
	    p->content == content && p->link == link && p->off + p->len == d->len)
		return p;
	if (array_grow(&d->p, &d->capp, d->np + 1, sizeof *d->p) != 0) {
		d->oom = 1;
		return NULL;
	}
	p = &d->p[d->np++];
	*p = (piece){ (uint32_t)d->len, 0, (unsigned char)elem, (unsigned char)attr,
	    (unsigned char)content, link };
	return p;
}

static void
ds_bytes(dstr *d, piece *p, const void *s, size_t n)
{
	if (p == NULL || n >= LAYOUT_MAX_TEXT - d->len ||
	    array_grow(&d->buf, &d->cap, d->len + n + 1, 1) != 0) {
		d->oom = 1;
		return;
	}
	memcpy(d->buf + d->len, s, n);
	d->len += n;
	p->len += (uint32_t)n;
}

/* Page text, made safe on the way in.  In code blocks a tab becomes
 * spaces to the next multiple of 8 columns. */
static void
ds_text(dstr *d, const char *s, size_t n, unsigned mode, unsigned elem,
        unsigned attr, int content, int link)
{
	piece *p = ds_piece(d, elem, attr, content, link);
	size_t i = 0;

	while (i < n && p != NULL && !d->oom) {
		uint8_t ch[SAFE_MAX];
		size_t m, j;

		/* Printable ASCII is shown as it is, in one copy per run. */
		for (j = i; j < n && (unsigned char)s[j] >= 0x20 &&
		    (unsigned char)s[j] < 0x7f; j++)
			;
		if (j > i) {
			ds_bytes(d, p, s + i, j - i);
			i = j;
			continue;
		}
		m = safe_char(s, n, &i, mode, ch);

		if (m == 1 && ch[0] == '\t' && (mode & EXPAND_TAB)) {
			/* The column counted on from the last tab's, not from
			 * the line's start (a line of 20,000 tabs took 0.7 s). */
			int col = d->col + wrap_width(d->buf + d->col_at, d->len - d->col_at);

			for (int k = 8 - col % 8; k > 0; k--, col++)
				ds_bytes(d, p, " ", 1);
			d->col_at = d->len;
			d->col = col;
			continue;
		}
		ds_bytes(d, p, ch, m);
		if (m == 1 && ch[0] == '\n')
			d->col_at = d->len, d->col = 0;
	}
}

static void
ds_deco(dstr *d, const char *s, unsigned elem, int link)
{
	ds_bytes(d, ds_piece(d, elem, 0, 0, link), s, strlen(s));
}

/* --------------------------------------------------------- builder */

/* What a layout's tables have taken on their grids, and may take
 * (table): a page's grids stay within a bound in proportion to their
 * text.  Zeroed before the first table. */
typedef struct {
	size_t granted, spent;
} layout_grid;

/* The context of table_text: the columns and the page's grids so far. */
typedef struct {
	int width;
	layout_grid grid;
} layout_tables;

typedef struct {
	layout *l;
	const layout_options *o;
	const pith_article *a;
	const pith_doc *d;
	overlay ov;
	int has_ov;
	dstr ds;               /* the block being laid out */
	const char *href;      /* the open link group's address */
	int link;              /* its index, or -1 */
	size_t pending;        /* spaces held back after a link's text */
	unsigned base;         /* the block's element */
	unsigned link_dropped; /* DROPPED when the open link's text is */
	int measure;           /* columns for text, after the gutter */
	size_t work;           /* steps done, for options.stop */
	size_t hint;           /* where the last piece_from ended */
	layout_grid *grid;     /* what the tables' grids have taken */
	size_t max_lines;      /* 0: no bound */
} builder;

/* Steps of work between two calls of options.stop: a step is a line or
 * a table cell, a microsecond or so. */
enum { STOP_EVERY = 1024 };

static int
halted(const layout *l)
{
	return l->oom || l->stopped || l->cut;
}

/* n more steps done; options.stop is asked when they pass a multiple of
 * STOP_EVERY.  Whether the layout is to end here. */
static int
tick(builder *bd, size_t n)
{
	const layout_options *o = bd->o;
	size_t before = bd->work;

	bd->work += n;
	if (o != NULL && o->stop != NULL && !halted(bd->l) &&
	    bd->work / STOP_EVERY != before / STOP_EVERY && o->stop(o->stop_ctx))
		bd->l->stopped = 1;
	return halted(bd->l);
}

/* One piece of a line prefix. */
typedef struct {
	char text[64];
	unsigned elem;
} pfx_part;

typedef struct {
	pfx_part part[8];
	int n, width;
} prefix;

static void
pfx_add(prefix *p, const char *s, unsigned elem)
{
	if (p->n == 8)
		return;
	snprintf(p->part[p->n].text, sizeof p->part[p->n].text, "%s", s);
	p->part[p->n].elem = elem;
	p->width += wrap_width(s, strlen(s));
	p->n++;
}

static void
pfx_spaces(prefix *p, int n)
{
	char sp[64];

	if (n <= 0)
		return;
	if (n > 63)
		n = 63;
	memset(sp, ' ', (size_t)n);
	sp[n] = '\0';
	pfx_add(p, sp, TH_TEXT);
}

static layout_line *
new_line(builder *bd, size_t block, unsigned flags)
{
	layout *l = bd->l;
	layout_line *ln;

	if (bd->max_lines > 0 && l->nlines >= bd->max_lines) {
		l->cut = 1;
		return NULL;
	}
	if (array_grow(&l->lines, &l->caplines, l->nlines + 1, sizeof *l->lines) != 0) {
		l->oom = 1;
		return NULL;
	}
	ln = &l->lines[l->nlines++];
	*ln = (layout_line){ l->nsegs, 0, 0, block, 0, flags, 0 };
	return ln;
}

/* Append bytes to the current (last) line as a segment. */
static void
add_seg(builder *bd, const char *s, size_t n, unsigned elem, unsigned attr,
        int content, int link)
{
	layout *l = bd->l;
	layout_line *ln = &l->lines[l->nlines - 1];
	/* The gutter's last segment is never extended: bidi.h tells the
	 * prefix from it. */
	layout_seg *sg = ln->nseg > ln->gutter ? &l->segs[ln->seg + ln->nseg - 1] : NULL;

	if (n == 0)
		return;
	if (n >= LAYOUT_MAX_TEXT - l->ntext ||
	    array_grow(&l->text, &l->captext, l->ntext + n + 1, 1) != 0) {
		l->oom = 1;
		return;
	}
	memcpy(l->text + l->ntext, s, n);
	ln->width += wrap_width(s, n);
	if (link >= 0 && (size_t)link < l->nlinks &&
	    l->links[link].line == LAYOUT_NONE)
		l->links[link].line = l->nlines - 1;
	if (sg != NULL && sg->elem == elem && sg->attr == attr &&
	    sg->content == content && sg->link == link &&
	    sg->off + sg->len == l->ntext) {
		sg->len += (uint32_t)n;
		l->ntext += n;
		l->text[l->ntext] = '\0';
		return;
	}
	if (array_grow(&l->segs, &l->capsegs, l->nsegs + 1, sizeof *l->segs) != 0) {
		l->oom = 1;
		return;
	}
	l->segs[l->nsegs++] = (layout_seg){ (uint32_t)l->ntext, (uint32_t)n, (unsigned char)elem,
	    (unsigned char)attr, (unsigned char)content, link };
	l->ntext += n;
	l->text[l->ntext] = '\0';
	ln->nseg++;
}

/* The fixed start of a line: the overlay's gutter, then the prefix. */
static void
line_start(builder *bd, size_t block, int first, const prefix *pf)
{
	layout_line *ln;

	if (bd->has_ov) {
		overlay_row r;
		size_t k = 0;

		if (block == LAYOUT_NONE)
			overlay_row_cont(&bd->ov, PITH_NONE, &r);
		else if (first)
			overlay_row_block(&bd->ov, block, &r);
		else
			overlay_row_cont(&bd->ov, block, &r);
		for (int i = 0; i < OVERLAY_PIECES; i++) {
			add_seg(bd, r.text + k, r.piece[i].len, r.piece[i].elem, 0, 0, -1);
			k += r.piece[i].len;
		}
		bd->l->lines[bd->l->nlines - 1].gutter = bd->l->lines[bd->l->nlines - 1].nseg;
	}
	for (int i = 0; pf != NULL && i < pf->n; i++)
		add_seg(bd, pf->part[i].text, strlen(pf->part[i].text),
		    pf->part[i].elem, 0, 0, -1);
	ln = &bd->l->lines[bd->l->nlines - 1];
	ln->fixed = ln->nseg;
}

/* An empty line between blocks; in the overlay it carries the span's
 * bar when the span goes on past `after`. */
static void
blank_line(builder *bd, size_t after)
{
	if (new_line(bd, LAYOUT_NONE, 0) == NULL)
		return;
	if (bd->has_ov)
		line_start(bd, after, 0, NULL);
}

/* The first piece that ends after byte at.  Pieces are in order, one
 * after the other, so a line finds its first a few steps on from *hint,
 * where the last search ended, when lines come in order, else by
 * halving (a paragraph of 40,000 styled runs scanned all of them for
 * each of its lines; halving from the start missed the cache at each
 * step for each line of a long one).  hint may be NULL. */
static size_t
piece_from(const dstr *d, size_t at, size_t *hint)
{
	size_t lo = 0, hi = d->np;

	if (hint != NULL && *hint < d->np && d->p[*hint].off <= at) {
		/* Every piece before *hint ends by then. */
		lo = *hint;
		for (int k = 0; k < 8 && lo < hi && d->p[lo].off + d->p[lo].len <= at; k++)
			lo++;
		if (lo < hi && d->p[lo].off + d->p[lo].len > at)
			hi = lo;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->p[mid].off + d->p[mid].len <= at)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (hint != NULL)
		*hint = lo;
	return lo;
}

/* Copy the display string's bytes [from, to) to the current line, with
 * the styles of the pieces they fall in; soft hyphens are dropped, since
 * terminals disagree on their width. */
static void
copy_range_attr(builder *bd, const dstr *d, size_t from, size_t to, unsigned extra)
{
	for (size_t i = piece_from(d, from, &bd->hint); i < d->np && d->p[i].off < to; i++) {
		const piece *p = &d->p[i];
		size_t s = p->off > from ? p->off : from;
		size_t e = p->off + p->len < to ? p->off + p->len : to;

		bd->hint = i;          /* the next line starts here or after */
		while (s < e) {
			const char *shy = find(d->buf + s, e - s, SOFT_HYPHEN, 2);
			size_t stop = shy != NULL ? (size_t)(shy - d->buf) : e;

			add_seg(bd, d->buf + s, stop - s, p->elem, p->attr | extra, p->content,
			    p->link);
			s = shy != NULL ? stop + 2 : e;
		}
	}
}

static void
copy_range(builder *bd, const dstr *d, size_t from, size_t to)
{
	copy_range_attr(bd, d, from, to, 0);
}

/* The style of the byte at `at`, for a hyphen drawn after it. */
static const piece *
piece_at(builder *bd, const dstr *d, size_t at)
{
	size_t i = piece_from(d, at, &bd->hint);

	return i < d->np && d->p[i].off <= at ? &d->p[i] : NULL;
}

enum {
	EMIT_CLIP = 1,         /* break only at '\n', never wrap */
	EMIT_CONT = 2,         /* more of a block already shown: no row */
	EMIT_RTL = 4,          /* right to left: LAYOUT_RTL */
	EMIT_JUSTIFY = 8       /* lines but the last spread to the measure */
};

/* Whether a line ends its paragraph: nothing but spaces after it, or
 * a line break (<br>). */
static int
ends_paragraph(const dstr *d, const wrap_line *wl)
{
	size_t j = wl->start + wl->len;

	while (j < d->len && d->buf[j] == ' ')
		j++;
	return j >= d->len || d->buf[j] == '\n';
}

/* Copy [from, to) as copy_range does, with extra columns of space
 * shared out over its gaps (the first ones one more): the added spaces
 * are no page text, so search reads the words as the page has them. */
static void
copy_justified(builder *bd, const dstr *d, size_t from, size_t to, int extra)
{
	size_t gaps = 0, g = 0, s = from;

	/* Leading spaces are an indent, not a gap. */
	while (s < to && d->buf[s] == ' ')
		s++;
	for (size_t i = s; i < to; i++)
		gaps += d->buf[i] == ' ';
	copy_range(bd, d, from, s);
	for (size_t i = s; i < to; ) {
		const char *sp = gaps > 0 ? memchr(d->buf + i, ' ', to - i) : NULL;
		size_t e = sp != NULL ? (size_t)(sp - d->buf) + 1 : to;

		copy_range(bd, d, i, e);
		if (sp != NULL) {
			const piece *p = piece_at(bd, d, e - 1);
			size_t k = (size_t)extra / gaps + (g++ < (size_t)extra % gaps);

			for (; k > 0; k--)
				add_seg(bd, " ", 1, p ? p->elem : TH_TEXT, p ? p->attr : 0, 0,
				    p ? p->link : -1);
		}
		i = e;
	}
}

/* The bytes of d that make no more lines than the layout has left
 * (each '\n' ends one): a block of a million empty lines is not wrapped
 * whole for the few shown. */
static size_t
emit_len(const builder *bd, const dstr *d)
{
	size_t left, at = 0;

	if (bd->max_lines == 0)
		return d->len;
	left = bd->max_lines > bd->l->nlines ? bd->max_lines - bd->l->nlines : 0;
	for (size_t k = 0; k <= left; k++) {
		const char *nl = at < d->len ? memchr(d->buf + at, '\n', d->len - at) : NULL;

		if (nl == NULL)
			return d->len;
		at = (size_t)(nl - d->buf) + 1;
	}
	return at;
}

/* Wrap the display string into lines of block b: the first with prefix
 * first, the others with cont. */
static void
emit(builder *bd, const dstr *d, size_t b, const prefix *first,
     const prefix *cont, unsigned how)
{
	int clip = (how & EMIT_CLIP) != 0, head = !(how & EMIT_CONT);
	int avail = bd->measure - first->width;
	wrap_line *wl = NULL;
	size_t nwl = 0, len = emit_len(bd, d);

	if (avail < 1)
		avail = 1;
	if (len > 0 && wrap_lines(d->buf, len, clip ? 0 : avail, &wl, &nwl) != 0) {
		bd->l->oom = 1;
		return;
	}
	if (nwl == 0) {
		/* Nothing to show; the overlay still gives the block its row. */
		if (bd->has_ov && new_line(bd, b, head ? LAYOUT_FIRST : 0) != NULL)
			line_start(bd, b, head, first);
		free(wl);
		return;
	}
	for (size_t i = 0; i < nwl && !tick(bd, 1); i++) {
		if (new_line(bd, b, (clip ? LAYOUT_CLIP : 0) |
		    ((how & EMIT_RTL) ? LAYOUT_RTL : 0) |
		    (i == 0 && head ? LAYOUT_FIRST : 0)) == NULL)
			break;
		line_start(bd, b, i == 0 && head, i == 0 ? first : cont);
		if ((how & EMIT_JUSTIFY) && wl[i].width < avail && !ends_paragraph(d, &wl[i]))
			copy_justified(bd, d, wl[i].start, wl[i].start + wl[i].len,
			    avail - wl[i].width);
		else
			copy_range(bd, d, wl[i].start, wl[i].start + wl[i].len);
		if (wl[i].hyphen) {
			const piece *p = piece_at(bd, d, wl[i].start + wl[i].len - 1);

			add_seg(bd, "-", 1, p ? p->elem : TH_TEXT,
			    p ? p->attr : 0, 0, p ? p->link : -1);
		}
	}
	free(wl);
}

/* Soft hyphens at the dictionary's points of d's words, each with the
 * style of the piece it falls in; the page's own stay and win. */
static void
hyphenate_ds(builder *bd, dstr *d)
{
	size_t *at = NULL, np, k = 0;
	dstr out = {0};

	if (bd->o->hyphen == NULL || d->len == 0)
		return;
	if ((np = hyphenate_points(bd->o->hyphen, d->buf, d->len, &at)) == (size_t)-1) {
		bd->l->oom = 1;
		return;
	}
	for (size_t i = 0; i < d->np && np > 0; i++) {
		const piece *p = &d->p[i];
		piece *q = ds_piece(&out, p->elem, p->attr, p->content, p->link);
		size_t s = p->off, e = p->off + p->len;

		while (s < e) {
			size_t stop = k < np && at[k] < e ? at[k] : e;

			if (stop <= s) {
				ds_bytes(&out, q, SOFT_HYPHEN, 2);
				k++;
				continue;
			}
			ds_bytes(&out, q, d->buf + s, stop - s);
			s = stop;
		}
	}
	free(at);
	if (np == 0)
		return;
	if (out.oom)
		bd->l->oom = 1;
	ds_free(d);
	*d = out;
}

/* ----------------------------------------------------- block text */

static unsigned
block_elem(const pith_block *blk)
{
	switch (blk->kind) {
	case PITH_BLOCK_HEADING: return TH_HEADING;
	case PITH_BLOCK_PRE: return TH_PRE;
	case PITH_BLOCK_CAPTION: return TH_META;
	case PITH_BLOCK_IMAGE: return TH_IMAGE;
	case PITH_BLOCK_RULE: return TH_RULE;
	default: return blk->quote > 0 ? TH_QUOTE : TH_TEXT;
	}
}

static int
add_link(builder *bd, const char *href)
{
	layout *l = bd->l;

	if (array_grow(&l->links, &l->caplinks, l->nlinks + 1, sizeof *l->links) != 0) {
		l->oom = 1;
		return -1;
	}
	l->links[l->nlinks] = (layout_link){ href, LAYOUT_NONE,
	    bd->o->link_base + (int)l->nlinks + 1 };
	return (int)l->nlinks++;
}

/* End the open link group: its number, then the spaces held back. */
static void
close_link(builder *bd, const char *next_href)
{
	if (bd->href != NULL && next_href != bd->href) {
		if (bd->o->numbers && bd->link >= 0) {
			char num[24];

			snprintf(num, sizeof num, "[%d]", bd->l->links[bd->link].number);
			ds_bytes(&bd->ds, ds_piece(&bd->ds, TH_LINKNUM, bd->link_dropped, 0,
			    bd->link), num, strlen(num));
		}
		bd->href = NULL;
		bd->link = -1;
	}
	for (; bd->pending > 0; bd->pending--)
		ds_text(&bd->ds, " ", 1, 0, bd->base, 0, 1, -1);
}

/* Whether bytes [s, e) of the block are dropped, for the overlay: the
 * spans of block b are kept[0..nkept). */
static int
is_dropped(const pith_span *kept, size_t nkept, size_t s)
{
	for (size_t i = 0; i < nkept; i++)
		if (s >= kept[i].start && s < kept[i].end)
			return 0;
	return 1;
}

/* An image inside a line, as image blocks show: [image: alt], [image]. */
static void
inline_image(builder *bd, const pith_image *g, unsigned mode, unsigned attr)
{
	int link = g->href != NULL && g->href == bd->href ? bd->link : -1;

	if (g->space)
		ds_text(&bd->ds, " ", 1, mode, bd->base, attr, 1, -1);
	ds_deco(&bd->ds, g->alt[0] != '\0' ? "[image: " : "[image", TH_IMAGE, link);
	ds_text(&bd->ds, g->alt, strlen(g->alt), mode, TH_IMAGE, attr, 1, link);
	ds_deco(&bd->ds, "]", TH_IMAGE, link);
}

/* The display string of bytes [s, e) of block b, with the images that
 * stand in them; in the overlay the dropped stretches are marked
 * DROPPED on their pieces. */
static void
block_string(builder *bd, size_t b, size_t s, size_t e,
             const pith_span *kept, size_t nkept)
{
	const pith_block *blk = pith_doc_block(bd->d, b);
	size_t nimg, m = 0;
	const pith_image *img = pith_doc_images(bd->d, b, &nimg);
	unsigned base = block_elem(blk);
	unsigned mode = (bd->o->ascii ? ASCII : 0) | KEEP_NL |
	    (blk->kind == PITH_BLOCK_ROW ? KEEP_TAB : 0) |
	    (blk->kind == PITH_BLOCK_PRE ? EXPAND_TAB : 0);

	ds_reset(&bd->ds);
	bd->base = base;
	bd->href = NULL;
	bd->link = -1;
	bd->pending = 0;
	if (blk->kind == PITH_BLOCK_IMAGE)
		ds_deco(&bd->ds, e > s ? "[image: " : "[image]", TH_IMAGE, -1);
	while (m < nimg && img[m].at <= s)
		m++;
	for (size_t i = 0; i < blk->nruns; i++) {
		const pith_run *r = &blk->runs[i];
		size_t rs = r->start > s ? r->start : s;
		size_t re = r->start + r->len < e ? r->start + r->len : e;

		while (rs < re) {
			/* Cut where the overlay's kept/dropped state changes. */
			size_t ce = re;
			int dropped = bd->has_ov && is_dropped(kept, nkept, rs);
			unsigned elem = base, attr = 0;
			const char *href = (r->style & PITH_STYLE_LINK) ? r->href : NULL;
			size_t trail = 0;

			for (size_t j = 0; bd->has_ov && j < nkept; j++) {
				if (kept[j].start > rs && kept[j].start < ce)
					ce = kept[j].start;
				if (kept[j].end > rs && kept[j].end < ce)
					ce = kept[j].end;
			}
			for (; m < nimg && img[m].at == rs; m++)
				inline_image(bd, &img[m], mode, dropped ? DROPPED : 0);
			if (m < nimg && img[m].at < ce)
				ce = img[m].at;
			/* A cell's tab or a line break joins the run before it
			 * (pith.h), but is never part of its link: the number
			 * goes before it, not into the next cell or line. */
			if (href != NULL) {
				size_t k = rs;

				while (k < ce && blk->text[k] != '\t' && blk->text[k] != '\n')
					k++;
				if (k == rs)
					href = NULL, ce = rs + 1;
				else
					ce = k;
			}
			if (href != NULL)
				elem = TH_LINK;
			else if ((r->style & PITH_STYLE_CODE) && blk->kind != PITH_BLOCK_PRE)
				elem = TH_CODE;
			attr = ((r->style & PITH_STYLE_EMPH) ? LAYOUT_EMPH : 0) |
			    ((r->style & PITH_STYLE_STRONG) ? LAYOUT_STRONG : 0) |
			    (dropped ? DROPPED : 0);
			close_link(bd, href);
			if (href != NULL && bd->href == NULL) {
				bd->href = href;
				bd->link = add_link(bd, href);
			}
			if (href != NULL)
				bd->link_dropped = dropped ? DROPPED : 0;
			/* A link's trailing spaces wait, so its number hugs
			 * its last word. */
			if (href != NULL && blk->kind != PITH_BLOCK_PRE)
				while (trail < ce - rs && blk->text[ce - 1 - trail] == ' ')
					trail++;
			ds_text(&bd->ds, blk->text + rs, ce - rs - trail, mode, elem,
			    attr, 1, href != NULL ? bd->link : -1);
			bd->pending += trail;
			rs = ce;
		}
	}
	for (; m < nimg && img[m].at <= e; m++)
		inline_image(bd, &img[m], mode, 0);
	bd->pending = 0;
	close_link(bd, NULL);
	if (blk->kind == PITH_BLOCK_IMAGE && e > s)
		ds_deco(&bd->ds, "]", TH_IMAGE, -1);
}

/* The bytes of block b to show: [*s, *e), without the spaces and
 * newlines at either end (code keeps its spaces, loses its last
 * newlines). */
static void
trim(const pith_block *blk, size_t *s, size_t *e)
{
	if (blk->kind == PITH_BLOCK_PRE) {
		while (*e > *s && blk->text[*e - 1] == '\n')
			(*e)--;
		while (*s < *e && blk->text[*s] == '\n')
			(*s)++;
		return;
	}
	while (*s < *e && (blk->text[*s] == ' ' || blk->text[*s] == '\n'))
		(*s)++;
	while (*e > *s && (blk->text[*e - 1] == ' ' || blk->text[*e - 1] == '\n'))
		(*e)--;
}

/* The prefixes of a block: quote bars, list indent, the item's marker
 * on its first line and as much space on the others. */
static void
prefixes(builder *bd, const pith_block *blk, prefix *first, prefix *cont)
{
	const char *bar = bd->o->ascii ? "| " : "\xe2\x94\x82 ";

	memset(first, 0, sizeof *first);
	*cont = *first;
	if (bd->o->plain)
		return;
	for (int q = 0; q < blk->quote && q < 4; q++)
		pfx_add(first, bar, TH_QUOTE);
	if (blk->list > 0) {
		int depth = blk->list < 8 ? blk->list : 8;

		pfx_spaces(first, 2 * (depth - 1));
		*cont = *first;
		if (blk->kind == PITH_BLOCK_ITEM) {
			char m[24];

			if (blk->ordered)
				snprintf(m, sizeof m, "%d. ", blk->number);
			else
				snprintf(m, sizeof m, "%s ", bd->o->ascii ? "*" :
				    depth % 2 ? "\xe2\x80\xa2" : "\xe2\x97\xa6");
			pfx_add(first, m, TH_BULLET);
			pfx_spaces(cont, wrap_width(m, strlen(m)));
		} else {
			pfx_spaces(first, 2);
			pfx_spaces(cont, 2);
		}
		return;
	}
	*cont = *first;
}

/* ---------------------------------------------------------- tables */

/* The first tab in bytes [i, e) of the display string, or NULL (an
 * empty one has no buffer at all). */
static const char *
cell_tab(const dstr *d, size_t i, size_t e)
{
	return i < e ? memchr(d->buf + i, '\t', e - i) : NULL;
}

/* The cells of the row in bytes [s, e). */
static size_t
ncells(const dstr *d, size_t s, size_t e)
{
	size_t n = 1;

	for (size_t i = s; i < e; i++)
		n += d->buf[i] == '\t';
	return n;
}

/* Copy [s, e) of src into dst with the same styles. */
static void
ds_copy(dstr *dst, const dstr *src, size_t s, size_t e)
{
	for (size_t i = piece_from(src, s, NULL); i < src->np && src->p[i].off < e; i++) {
		const piece *p = &src->p[i];
		size_t a = p->off > s ? p->off : s, b = p->off + p->len < e ? p->off + p->len : e;

		if (a < b)
			ds_bytes(dst, ds_piece(dst, p->elem, p->attr, p->content, p->link),
			    src->buf + a, b - a);
	}
}

/* ----------------------------------------------------------- walk */

/* What the walk visits: a block and the bytes of it to show. */
typedef struct {
	size_t block, s, e;
} item;

static int
adjacent(const pith_block *prev, const pith_block *cur)
{
	return (prev->kind == PITH_BLOCK_ROW && cur->kind == PITH_BLOCK_ROW) ||
	    (prev->list > 0 && cur->list > 0 && prev->kind != PITH_BLOCK_PRE &&
	    cur->kind != PITH_BLOCK_PRE);
}

/* The spans of each block, for the overlay: sorted by block, then start. */
static int
cmp_span(const void *x, const void *y)
{
	const pith_span *a = x, *b = y;

	if (a->block != b->block)
		return a->block < b->block ? -1 : 1;
	return a->start < b->start ? -1 : a->start > b->start;
}

static void
reason_line(builder *bd, size_t b, const char *reason)
{
	dstr *d = &bd->ds;
	prefix pf = {0};

	ds_reset(d);
	ds_deco(d, bd->o->ascii ? "-> " : "\xe2\x86\xb3 ", TH_GUTTER, -1);
	ds_text(d, reason, strlen(reason), bd->o->ascii ? ASCII : 0, TH_GUTTER, 0, 0, -1);
	emit(bd, d, b, &pf, &pf, EMIT_CONT);
}

/* A table's cell: its text in the table's display string, the grid
 * columns and rows it covers, and its lines at its width: most have
 * one, kept in the cell (a line array each took 384 bytes a cell). */
typedef struct {
	size_t row, s, e;
	size_t col, span, rspan;
	int head;              /* a th: drawn strong */
	wrap_line *wl, one;
	size_t nwl, next;      /* lines, and the next one to draw */
} cell;

enum { MAX_SPAN = 64, MAX_COLS = 256, MIN_COL = 3, CLIP_COL = 24 };

/* colspan, rowspan and th-ness of the cells of a row (the tr that holds
 * block blk), into span, rspan and head; left at 1, 1, 0 when the row's
 * cells are not its td and th children one for one (a row cut short). */
static void
cell_attrs(const pith_doc *d, const pith_block *blk, size_t ncell, size_t *span,
           size_t *rspan, int *head)
{
	size_t tr = blk->node, c = 0, nn = pith_doc_nnodes(d);

	for (size_t k = 0; k < ncell; k++)
		span[k] = rspan[k] = 1, head[k] = 0;
	while (tr != PITH_NONE && tr < nn && strcmp(pith_doc_node(d, tr)->tag, "tr") != 0)
		tr = pith_doc_node(d, tr)->parent;
	if (tr == PITH_NONE || tr >= nn)
		return;
	for (size_t i = tr + 1; i < pith_doc_node(d, tr)->end; i++) {
		const pith_node *nd = pith_doc_node(d, i);

		if (nd->parent == tr && (strcmp(nd->tag, "td") == 0 || strcmp(nd->tag, "th") == 0))
			c++;
	}
	if (c != ncell)
		return;
	c = 0;
	for (size_t i = tr + 1; i < pith_doc_node(d, tr)->end; i++) {
		const pith_node *nd = pith_doc_node(d, i);
		const char *cs, *rs;

		if (nd->parent != tr || (strcmp(nd->tag, "td") != 0 && strcmp(nd->tag, "th") != 0))
			continue;
		cs = pith_node_attr(d, i, "colspan");
		rs = pith_node_attr(d, i, "rowspan");
		span[c] = cs != NULL && atoi(cs) > 1 ? (size_t)(atoi(cs) < MAX_SPAN ? atoi(cs) : MAX_SPAN) : 1;
		/* rowspan=0: to the end of the table. */
		rspan[c] = rs == NULL ? 1 : atoi(rs) == 0 && rs[0] == '0' ? (size_t)-1 :
		    atoi(rs) > 1 ? (size_t)atoi(rs) : 1;
		head[c] = strcmp(nd->tag, "th") == 0;
		c++;
	}
}

/* Cell k takes its columns on row i, for busy[x] more rows.  A cell it
 * overlaps (a table model error: a colspan over a rowspan, or cells past
 * MAX_COLS piled on the last column) ends on the row before, or on this
 * one when it starts here: the cells over a row never share a column,
 * so each row meets at most MAX_COLS cells from above (a tall table met
 * every cell for each row). */
static void
grid_take(cell *cells, size_t k, size_t i, size_t *busy, size_t *owner)
{
	const cell *cl = &cells[k];

	for (size_t x = cl->col; x < cl->col + cl->span; x++) {
		size_t ok = owner[x];
		cell *o = &cells[ok];

		if (busy[x] == 0)
			continue;
		o->rspan = o->row < i ? i - o->row : 1;
		for (size_t y = o->col; y < o->col + o->span; y++)
			if (owner[y] == ok)
				busy[y] = o->row < i ? 0 : 1;
	}
	for (size_t x = cl->col; x < cl->col + cl->span; x++) {
		busy[x] = cl->rspan;
		owner[x] = k;
	}
}

/* Place the cells of n rows (row i: bytes at[i] to at[i + 1] of rows)
 * on the grid, as HTML does: each in the first column no cell from a
 * row above still covers.  Returns the cells (malloc'd, *ncells of
 * them, in row order; NULL when out of memory) and sets *ncol. */
static cell *
grid(const builder *bd, const item *items, const dstr *rows, const size_t *at,
     size_t n, size_t *ncells_out, size_t *ncol)
{
	size_t total = 0, k = 0, busy[MAX_COLS] = {0}, owner[MAX_COLS] = {0};
	cell *cells;

	*ncol = 0;
	for (size_t i = 0; i < n; i++)
		total += ncells(rows, at[i], at[i + 1]);
	if ((cells = calloc(total ? total : 1, sizeof *cells)) == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		size_t nc = ncells(rows, at[i], at[i + 1]), col = 0;
		size_t *span = malloc(nc * 2 * sizeof *span);
		int *head = malloc(nc * sizeof *head);

		if (span == NULL || head == NULL) {
			free(span);
			free(head);
			free(cells);
			return NULL;
		}
		cell_attrs(bd->d, pith_doc_block(bd->d, items[i].block), nc, span, span + nc, head);
		for (size_t c = 0, from = at[i]; c < nc; c++) {
			cell *cl = &cells[k++];
			const char *t = cell_tab(rows, from, at[i + 1]);

			while (col < MAX_COLS && busy[col] > 0)
				col++;
			/* The row's cells in one pass (a row of 20,000 cells was
			 * rescanned for each). */
			cl->s = from;
			cl->e = t != NULL ? (size_t)(t - rows->buf) : at[i + 1];
			from = cl->e + 1;
			cl->row = i;
			cl->col = col < MAX_COLS ? col : MAX_COLS - 1;
			cl->span = span[c] < MAX_COLS - cl->col ? span[c] : MAX_COLS - cl->col;
			cl->rspan = span[nc + c] < n - i ? span[nc + c] : n - i;
			cl->head = head[c];
			grid_take(cells, k - 1, i, busy, owner);
			col = cl->col + cl->span;
			if (col > *ncol)
				*ncol = col;
		}
		for (size_t x = 0; x < *ncol; x++)
			busy[x] -= busy[x] > 0;
		free(span);
		free(head);
	}
	*ncells_out = k;
	return cells;
}

/* The columns' widths: each as wide as its widest cell, a spanning cell
 * widening the columns under it when they are too narrow together;
 * then, when the table is wider than room, the widest narrowed until it
 * fits (their cells wrap).  Returns 1 when even that does not fit: the
 * rows are then clipped and scroll sideways. */
static int
col_widths(const dstr *rows, const cell *cells, size_t nc, int *w, size_t ncol, int room)
{
	int lo = 0, hi = 0, sum = 0;

	for (int pass = 0; pass < 2; pass++) {
		for (size_t k = 0; k < nc; k++) {
			const cell *cl = &cells[k];
			int cw = wrap_width(rows->buf + cl->s, cl->e - cl->s), have = 0;

			if ((cl->span == 1) != (pass == 0))
				continue;
			for (size_t x = cl->col; x < cl->col + cl->span; x++)
				have += w[x] + (x > cl->col ? 3 : 0);
			for (size_t x = cl->col; cw > have && x < cl->col + cl->span; x++)
				w[x] += (cw - have) / (int)cl->span +
				    (x - cl->col < (size_t)((cw - have) % (int)cl->span));
		}
	}
	room -= 3 * (int)(ncol - 1);
	for (size_t x = 0; x < ncol; x++) {
		sum += w[x];
		hi = w[x] > hi ? w[x] : hi;
	}
	if (sum <= room)
		return 0;
	if (room < MIN_COL * (int)ncol) {
		for (size_t x = 0; x < ncol; x++)
			w[x] = w[x] < CLIP_COL ? w[x] : CLIP_COL;
		return 1;
	}
	/* The largest cap that fits, then what is left to the capped ones. */
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2, t = 0;

		for (size_t x = 0; x < ncol; x++)
			t += w[x] < mid ? w[x] : mid;
		if (t <= room)
			lo = mid;
		else
			hi = mid - 1;
	}
	sum = 0;
	for (size_t x = 0; x < ncol; x++)
		sum += w[x] < lo ? w[x] : lo;
	for (size_t x = 0; x < ncol; x++) {
		if (w[x] > lo) {
			w[x] = lo + (sum < room);
			sum += sum < room;
		}
	}
	return 0;
}

/* What stands between a table's columns, on its grid or a row a line. */
static const char *
col_sep(const builder *bd)
{
	return bd->o->ascii ? " | " : " \xe2\x94\x82 ";
}

/* One screen line of table row r: each column's cell's next line,
 * padded to the column, the columns apart by a bar. */
static void
table_line(builder *bd, const dstr *rows, cell *cells, const int *occ, size_t last,
           const int *w)
{
	const char *sep = col_sep(bd);

	for (size_t x = 0; x <= last; ) {
		cell *cl = occ[x] >= 0 ? &cells[occ[x]] : NULL;
		size_t span = cl != NULL ? cl->span : 1;
		int cw = 0, used = 0;

		if (x > 0)
			add_seg(bd, sep, strlen(sep), TH_TABLE, 0, 0, -1);
		for (size_t k = x; k < x + span; k++)
			cw += w[k] + (k > x ? 3 : 0);
		if (cl != NULL && cl->next < cl->nwl) {
			const wrap_line *wl = &cl->wl[cl->next++];
			const dstr *d = rows;

			copy_range_attr(bd, d, cl->s + wl->start, cl->s + wl->start + wl->len,
			    cl->head ? LAYOUT_STRONG : 0);
			if (wl->hyphen) {
				const piece *p = piece_at(bd, d, cl->s + wl->start + wl->len - 1);

				add_seg(bd, "-", 1, p ? p->elem : TH_TEXT, p ? p->attr : 0, 0,
				    p ? p->link : -1);
			}
			used = wl->width;
		}
		x += span;
		for (; x <= last && used < cw; used++)
			add_seg(bd, " ", 1, TH_TEXT, 0, 0, -1);
	}
}

/* Cell c is over row i: it shows in its columns of occ, and the row is
 * as tall as the cells that end on it need to show their lines left. */
static void
row_cell(const cell *cells, size_t c, size_t i, int *occ, size_t *last, size_t *h)
{
	const cell *cl = &cells[c];
	size_t left = cl->nwl - cl->next;

	for (size_t x = cl->col; x < cl->col + cl->span; x++)
		occ[x] = (int)c;
	if (cl->col + cl->span - 1 > *last)
		*last = cl->col + cl->span - 1;
	if (cl->row + cl->rspan - 1 == i && left > *h)
		*h = left;
}

/* A table being laid out: its rows' display strings (row i: bytes at[i]
 * to at[i + 1], its cells apart by tabs), its cells on the grid, and
 * the columns' widths. */
typedef struct {
	const item *items;
	size_t n;
	dstr rows;
	size_t *at;
	cell *cells;
	size_t nc, ncol;
	int *w, *occ, clip, rtl;
	size_t *active;        /* cells from rows above still reaching down */
} table_t;

/* A grid draws every column's padding and bar on every line, so a page
 * can ask for far more than it holds: a first row of 256 cells, its
 * last reaching down every row, over rows of one cell, took 23 KB a row
 * for 19 bytes of page (a 3 MB page laid out to 1.6 GB).  A layout's
 * grids may take GRID_SLACK bytes, and GRID_GROWTH more a byte of their
 * text, each cell counted as at least GRID_CELL (its <td>): GRID_MAX in
 * all, room for a 50 MB table of real rows (a 20 MB one takes 94 MB).
 * A table past that is laid out a row a line. */
enum { GRID_GROWTH = 32, GRID_CELL = 4, GRID_SLACK = 1 << 20, GRID_MAX = 256 << 20 };

/* What one line of a grid costs beyond its text: a column's bar and
 * the segments it makes. */
enum { GRID_COL = 3 + 2 * sizeof(layout_seg) };

/* The table's rows on the grid: drawn, or (draw 0) only measured: the
 * bytes drawing them would take, up to the first row past limit, each
 * cell's lines counted off as table_line draws them. */
static size_t
grid_rows(builder *bd, table_t *t, int draw, size_t limit)
{
	size_t cost = 0, na = 0, c1;
	prefix first, cont;

	/* All ncol + 1: a row of no cells still draws column 0. */
	for (size_t x = 0; x <= t->ncol; x++)
		t->occ[x] = -1;
	for (size_t i = 0, c0 = 0; i < t->n && !halted(bd->l) && cost <= limit; i++, c0 = c1) {
		size_t b = t->items[i].block, h = 1, last = 0, keep = 0, wide = 0;
		const char *reason = bd->has_ov ? pith_article_block_reason(bd->a, b) : NULL;

		/* The cells over this row: those from above that reach it
		 * (active[0..na), few: grid_take), then its own. */
		for (c1 = c0; c1 < t->nc && t->cells[c1].row == i; c1++)
			;
		for (size_t a = 0; a < na; a++)
			if (t->cells[t->active[a]].row + t->cells[t->active[a]].rspan > i)
				t->active[keep++] = t->active[a];
		na = keep;
		for (size_t a = 0; a < na + c1 - c0; a++) {
			row_cell(t->cells, a < na ? t->active[a] : c0 + a - na, i, t->occ, &last, &h);
			tick(bd, 1);
		}
		if (draw) {
			prefixes(bd, pith_doc_block(bd->d, b), &first, &cont);
			for (size_t y = 0; y < h && !tick(bd, 1); y++) {
				if (new_line(bd, b, (t->clip ? LAYOUT_CLIP : t->rtl ? LAYOUT_RTL : 0) |
				    (y == 0 ? LAYOUT_FIRST : 0)) == NULL)
					break;
				line_start(bd, b, y == 0, y == 0 ? &first : &cont);
				table_line(bd, &t->rows, t->cells, t->occ, last, t->w);
			}
			if (reason != NULL)
				reason_line(bd, b, reason);
		} else {
			for (size_t x = 0; x <= last; x++)
				wide += (size_t)t->w[x] + GRID_COL;
			cost += h * (wide + sizeof(layout_line));
			for (size_t a = 0; a < na + c1 - c0; a++) {
				cell *cl = &t->cells[a < na ? t->active[a] : c0 + a - na];

				cl->next = cl->nwl - cl->next > h ? cl->next + h : cl->nwl;
			}
		}
		for (size_t x = 0; x <= last; x++)
			t->occ[x] = -1;
		for (size_t c = c0; c < c1; c++)
			if (t->cells[c].rspan > 1)
				t->active[na++] = c;
	}
	for (size_t c = 0; !draw && c < t->nc; c++)
		t->cells[c].next = 0;
	return cost;
}

/* The rows one after another, each a paragraph of its cells apart by
 * bars: a table whose grid would take too much. */
static void
linear_rows(builder *bd, table_t *t)
{
	const char *sep = col_sep(bd);
	dstr d = {0};
	prefix first, cont;

	reason_line(bd, t->items[0].block,
	    "the table is too large for its grid: each row on a line of its own");
	for (size_t i = 0; i < t->n && !halted(bd->l); i++) {
		size_t b = t->items[i].block;
		const char *reason = bd->has_ov ? pith_article_block_reason(bd->a, b) : NULL;

		ds_reset(&d);
		for (size_t s = t->at[i]; ; ) {
			const char *tab = cell_tab(&t->rows, s, t->at[i + 1]);
			size_t e = tab != NULL ? (size_t)(tab - t->rows.buf) : t->at[i + 1];

			ds_copy(&d, &t->rows, s, e);
			if (tab == NULL)
				break;
			ds_deco(&d, sep, TH_TABLE, -1);
			s = e + 1;
		}
		if (d.oom) {
			bd->l->oom = 1;
			break;
		}
		prefixes(bd, pith_doc_block(bd->d, b), &first, &cont);
		emit(bd, &d, b, &first, &cont, t->rtl ? EMIT_RTL : 0);
		if (reason != NULL)
			reason_line(bd, b, reason);
	}
	ds_free(&d);
}

/* Each cell's lines at the width of its columns. */
static void
wrap_cells(builder *bd, table_t *t)
{
	for (size_t c = 0; c < t->nc && !tick(bd, 1); c++) {
		cell *cl = &t->cells[c];
		int cw = 0;

		for (size_t x = cl->col; x < cl->col + cl->span; x++)
			cw += t->w[x] + (x > cl->col ? 3 : 0);
		if (cl->e > cl->s && wrap_lines(t->rows.buf + cl->s, cl->e - cl->s,
		    cw > 0 ? cw : 1, &cl->wl, &cl->nwl) != 0)
			bd->l->oom = 1;
		if (cl->nwl == 1) {
			cl->one = cl->wl[0];
			free(cl->wl);
			cl->wl = &cl->one;
		}
	}
}

/* Emit items[0..n): a table's rows on a grid (colspan, rowspan), the
 * columns aligned and each cell wrapped in its column; th cells strong. */
static void
table(builder *bd, const item *items, size_t n, const pith_span *kept,
      size_t nkept, size_t *kp)
{
	table_t t = { .items = items, .n = n };
	layout_grid *g = bd->grid;
	size_t k = *kp, allow, cost, grant;
	prefix first, cont;

	if ((t.at = malloc((n + 1) * sizeof *t.at)) == NULL) {
		bd->l->oom = 1;
		return;
	}
	for (size_t i = 0; i < n; i++) {
		size_t k0;

		while (k < nkept && kept[k].block < items[i].block)
			k++;
		k0 = k;
		while (k < nkept && kept[k].block == items[i].block)
			k++;
		block_string(bd, items[i].block, items[i].s, items[i].e,
		    kept != NULL ? kept + k0 : NULL, k - k0);
		t.at[i] = t.rows.len;
		ds_copy(&t.rows, &bd->ds, 0, bd->ds.len);
	}
	t.at[n] = t.rows.len;
	prefixes(bd, pith_doc_block(bd->d, items[0].block), &first, &cont);
	/* A right-to-left table's columns run from the right (bidi.h). */
	t.rtl = bd->o->bidi && bidi_block_rtl(bd->d, items[0].block, items[0].s, items[0].e);
	if (t.rows.oom || (t.cells = grid(bd, items, &t.rows, t.at, n, &t.nc, &t.ncol)) == NULL ||
	    (t.w = calloc(t.ncol + 1, sizeof *t.w)) == NULL ||
	    (t.occ = malloc((t.ncol + 1) * sizeof *t.occ)) == NULL ||
	    (t.active = malloc((t.nc + 1) * sizeof *t.active)) == NULL) {
		bd->l->oom = 1;
		goto done;
	}
	t.clip = col_widths(&t.rows, t.cells, t.nc, t.w, t.ncol, bd->measure - first.width);
	wrap_cells(bd, &t);
	grant = t.rows.len + GRID_CELL * t.nc;
	grant = grant < GRID_MAX / GRID_GROWTH ? GRID_GROWTH * grant : GRID_MAX;
	g->granted = grant < GRID_MAX - g->granted ? g->granted + grant : GRID_MAX;
	allow = GRID_SLACK + g->granted - g->spent;
	if (allow > GRID_MAX - g->spent)
		allow = GRID_MAX - g->spent;
	if ((cost = grid_rows(bd, &t, 0, allow)) <= allow) {
		grid_rows(bd, &t, 1, 0);
		g->spent += cost;
	} else {
		linear_rows(bd, &t);
	}
done:
	ds_free(&t.rows);
	for (size_t c = 0; c < t.nc && t.cells != NULL; c++)
		if (t.cells[c].wl != &t.cells[c].one)
			free(t.cells[c].wl);
	free(t.at);
	free(t.cells);
	free(t.w);
	free(t.occ);
	free(t.active);
	*kp = k;
}

void
layout_date(const char *s, char *out, size_t size)
{
	static const char months[12][4] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
	};
	static const char form[] = "dddd-dd-dd";
	int i, mo, d;

	for (i = 0; s != NULL && form[i] != '\0'; i++)
		if (form[i] == 'd' ? s[i] < '0' || s[i] > '9' : s[i] != form[i])
			break;
	mo = s != NULL && form[i] == '\0' ? (s[5] - '0') * 10 + s[6] - '0' : 0;
	d = mo > 0 ? (s[8] - '0') * 10 + s[9] - '0' : 0;
	if (mo >= 1 && mo <= 12 && d >= 1 && d <= 31 &&
	    (s[10] == '\0' || s[10] == 'T' || s[10] == ' '))
		snprintf(out, size, "%d %s %.4s", d, months[mo - 1], s);
	else
		snprintf(out, size, "%s", s != NULL ? s : "");
}

/* EMIT_RTL for text of the page outside its blocks, as bidi.h says. */
static unsigned
page_dir(const builder *bd, const dstr *d)
{
	return bd->o->bidi && bidi_page_text_rtl(bd->d, d->buf, d->len) ? EMIT_RTL : 0;
}

/* The header: title, then byline, site (unless the byline is the site),
 * date (as layout_date shows it) and reading time. */
static void
header(builder *bd, const pith_article *a)
{
	const pith_meta *m = pith_doc_meta(bd->d);
	const char *title = pith_doc_title(bd->d);
	const char *sep = bd->o->ascii ? " - " : " \xc2\xb7 ";
	size_t words = 0, first, last;
	unsigned mode = bd->o->ascii ? ASCII : 0;
	dstr *d = &bd->ds;
	prefix pf = {0};
	char rt[48], date[128];
	int parts = 0;

	if (title != NULL && title[0] != '\0') {
		ds_reset(d);
		ds_text(d, title, strlen(title), mode, TH_TITLE, LAYOUT_STRONG, 1, -1);
		emit(bd, d, LAYOUT_NONE, &pf, &pf, page_dir(bd, d));
	}
	/* Reading time from the words kept, at 230 a minute. */
	if (pith_article_token_span(a, &first, &last)) {
		/* A token method: its tokens are there already. */
		const pith_token *t = pith_doc_tokens(bd->d);
		size_t nt = pith_doc_ntokens(bd->d);

		for (size_t i = first; i <= last && i < nt; i++)
			words += t[i].kind == PITH_TOKEN_WORD;
	} else {
		for (size_t i = 0; i < pith_doc_nblocks(bd->d); i++)
			if (pith_article_block_kept(a, i))
				words += pith_doc_block_words(bd->d, i);
	}
	ds_reset(d);
	if (m != NULL) {
		const char *f[3] = { m->byline, m->site, date };

		layout_date(m->published, date, sizeof date);
		if (f[0] != NULL && f[1] != NULL && strcasecmp(f[0], f[1]) == 0)
			f[1] = NULL;
		for (int i = 0; i < 3; i++) {
			if (f[i] == NULL || f[i][0] == '\0')
				continue;
			if (parts++ > 0)
				ds_deco(d, sep, TH_META, -1);
			/* The date is as pith writes it ("17 Mar 2015"): its
			 * own words, which bidi.h keeps in their order. */
			ds_text(d, f[i], strlen(f[i]), mode, TH_META, 0, i != 2, -1);
		}
	}
	if (words > 0) {
		snprintf(rt, sizeof rt, "%zu min read", (words + 229) / 230);
		if (parts++ > 0)
			ds_deco(d, sep, TH_META, -1);
		ds_deco(d, rt, TH_META, -1);
	}
	if (d->len > 0)
		emit(bd, d, LAYOUT_NONE, &pf, &pf, page_dir(bd, d));
	if (bd->l->nlines > 0)
		blank_line(bd, PITH_NONE);
}

/* Whether block text [s, e) says the same as the title (a first
 * heading that repeats it is not shown twice). */
static int
same_as_title(const pith_doc *d, const pith_block *blk, size_t s, size_t e)
{
	const char *t = pith_doc_title(d);
	size_t i = s, k = 0, n;

	if (t == NULL)
		return 0;
	n = strlen(t);
	while (k < n && t[k] == ' ')
		k++;
	while (n > k && t[n - 1] == ' ')
		n--;
	for (; i < e && k < n; i++, k++) {
		if (blk->text[i] != t[k])
			return 0;
	}
	return i == e && k == n;
}

/* What the walk visits: the kept spans, or with the overlay every block
 * and the kept spans in order (*kept, *nkept); -1 when out of memory. */
static int
walk_items(builder *bd, item **items, size_t *nitems, pith_span **kept,
           size_t *nkept)
{
	const pith_article *a = bd->a;
	const pith_span *sp = pith_article_spans(a);
	size_t nb = pith_doc_nblocks(bd->d), n = pith_article_nspans(a);

	*nitems = 0;
	if (bd->o->overlay) {
		*nkept = n;
		if ((*kept = malloc((n ? n : 1) * sizeof **kept)) == NULL ||
		    (*items = malloc((nb ? nb : 1) * sizeof **items)) == NULL)
			return -1;
		/* An article with nothing kept may have no spans at all. */
		if (n > 0)
			memcpy(*kept, sp, n * sizeof **kept);
		qsort(*kept, n, sizeof **kept, cmp_span);
		for (size_t b = 0; b < nb; b++) {
			(*items)[b] = (item){ b, 0, pith_doc_block(bd->d, b)->len };
			trim(pith_doc_block(bd->d, b), &(*items)[b].s, &(*items)[b].e);
		}
		*nitems = nb;
		return 0;
	}
	if ((*items = malloc((n ? n : 1) * sizeof **items)) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const pith_block *blk;
		item *it = &(*items)[*nitems];

		if (sp[i].block >= nb)
			continue;
		blk = pith_doc_block(bd->d, sp[i].block);
		*it = (item){ sp[i].block, sp[i].start,
		    sp[i].end <= blk->len ? sp[i].end : blk->len };
		trim(blk, &it->s, &it->e);
		/* Empty text shows nothing, but a rule is all form. */
		if (it->s < it->e || blk->kind == PITH_BLOCK_RULE ||
		    blk->kind == PITH_BLOCK_IMAGE)
			(*nitems)++;
	}
	return 0;
}

/* What comes before the blocks: the overlay's summary, why nothing was
 * kept and the column titles (across the gutter too), or the article's
 * header, then without a first heading that only repeats the title. */
static void
walk_top(builder *bd, item *items, size_t *nitems)
{
	if (bd->o->overlay) {
		char sum[256];
		prefix pf = {0};
		dstr *d = &bd->ds;

		bd->has_ov = 0;
		bd->measure = bd->l->width;
		overlay_summary(&bd->ov, sum, sizeof sum);
		ds_reset(d);
		ds_text(d, sum, strlen(sum), 0, TH_GUTTER, LAYOUT_STRONG, 0, -1);
		emit(bd, d, LAYOUT_NONE, &pf, &pf, 0);
		if (bd->o->why != NULL) {
			ds_reset(d);
			ds_deco(d, "no article: ", TH_ERROR, -1);
			ds_text(d, bd->o->why, strlen(bd->o->why), bd->o->ascii ? ASCII : 0,
			    TH_ERROR, 0, 0, -1);
			emit(bd, d, LAYOUT_NONE, &pf, &pf, 0);
		}
		ds_reset(d);
		ds_text(d, overlay_header(), strlen(overlay_header()), 0, TH_GUTTER, 0, 0, -1);
		emit(bd, d, LAYOUT_NONE, &pf, &pf, EMIT_CLIP);
		bd->has_ov = 1;
		bd->measure = bd->o->width > 0 ? bd->o->width : 80;
		return;
	}
	header(bd, bd->a);
	if (*nitems > 0) {
		const pith_block *blk = pith_doc_block(bd->d, items[0].block);

		if (blk->kind == PITH_BLOCK_HEADING &&
		    same_as_title(bd->d, blk, items[0].s, items[0].e))
			memmove(items, items + 1, --*nitems * sizeof *items);
	}
}

/* Lay out one block (a rule, or text with the kept spans among kept[*k..]
 * that fall in it), and its reason under the overlay. */
static void
walk_block(builder *bd, const item *it, const pith_span *kept, size_t nkept,
           size_t *k)
{
	const pith_block *blk = pith_doc_block(bd->d, it->block);
	size_t b = it->block, k0;
	prefix first, cont;
	const char *reason;

	while (*k < nkept && kept[*k].block < b)
		(*k)++;
	k0 = *k;
	while (*k < nkept && kept[*k].block == b)
		(*k)++;
	prefixes(bd, blk, &first, &cont);
	if (blk->kind == PITH_BLOCK_RULE) {
		int w = bd->measure - first.width;

		ds_reset(&bd->ds);
		for (int c = 0; c < (w < 40 ? w : 40); c++)
			ds_deco(&bd->ds, bd->o->ascii ? "-" : "\xe2\x94\x80", TH_RULE, -1);
	} else {
		block_string(bd, b, it->s, it->e, kept != NULL ? kept + k0 : NULL,
		    *k - k0);
		if (blk->kind != PITH_BLOCK_PRE)
			hyphenate_ds(bd, &bd->ds);
	}
	if (bd->ds.oom)
		bd->l->oom = 1;
	emit(bd, &bd->ds, b, &first, &cont,
	    blk->kind == PITH_BLOCK_PRE ? EMIT_CLIP : (bd->o->bidi &&
	    bidi_block_rtl(bd->d, b, it->s, it->e) ? EMIT_RTL : 0) |
	    (bd->o->justify && (blk->kind == PITH_BLOCK_PARA || blk->kind ==
	    PITH_BLOCK_ITEM || blk->kind == PITH_BLOCK_CAPTION) ? EMIT_JUSTIFY : 0));
	reason = bd->has_ov ? pith_article_block_reason(bd->a, b) : NULL;
	if (reason != NULL)
		reason_line(bd, b, reason);
}

int
layout_article(layout *l, const pith_article *a, const layout_options *o)
{
	layout_grid grid = {0};
	builder bd = { .l = l, .o = o, .a = a, .d = pith_article_doc(a), .link = -1,
	    .grid = &grid, .max_lines = o->max_lines > 0 ? o->max_lines : LAYOUT_MAX_LINES };
	size_t nitems = 0, nkept = 0, k = 0, prev_b = PITH_NONE;
	pith_span *kept = NULL;
	item *items = NULL;
	const pith_block *prev = NULL;

	/* Laid out again, the arrays are kept: a resize of a 20 MB page
	 * took 150 MB of fresh memory, half its time. */
	*l = (layout){ .text = l->text, .captext = l->captext, .segs = l->segs,
	    .capsegs = l->capsegs, .lines = l->lines, .caplines = l->caplines,
	    .links = l->links, .caplinks = l->caplinks };
	bd.measure = o->width > 0 ? o->width : 80;
	l->width = bd.measure + (o->overlay ? OVERLAY_GUTTER : 0);
	if (o->overlay) {
		if (overlay_init(&bd.ov, a, o->ascii) != 0)
			return -1;
		bd.has_ov = 1;
	}
	if (walk_items(&bd, &items, &nitems, &kept, &nkept) != 0) {
		l->oom = 1;
		goto out;
	}
	walk_top(&bd, items, &nitems);
	for (size_t i = 0; i < nitems && !halted(l); ) {
		const pith_block *blk = pith_doc_block(bd.d, items[i].block);
		size_t j = i + 1;

		if (prev != NULL && !adjacent(prev, blk))
			blank_line(&bd, prev_b);
		if (blk->kind == PITH_BLOCK_ROW) {
			while (j < nitems && pith_doc_block(bd.d, items[j].block)->kind ==
			    PITH_BLOCK_ROW)
				j++;
			table(&bd, items + i, j - i, kept, nkept, &k);
		} else {
			walk_block(&bd, &items[i], kept, nkept, &k);
		}
		prev = pith_doc_block(bd.d, items[j - 1].block);
		prev_b = items[j - 1].block;
		i = j;
	}
	/* Dropped text is dimmed: the pieces carried the mark this far. */
	for (size_t i = 0; i < l->nsegs; i++) {
		if (l->segs[i].attr & DROPPED) {
			l->segs[i].attr &= ~DROPPED;
			l->segs[i].elem = TH_DIM;
		}
	}
out:
	/* What a bigger layout before (another page, the overlay) left. */
	array_trim(&l->text, &l->captext, l->ntext + (l->ntext > 0), 1);
	array_trim(&l->segs, &l->capsegs, l->nsegs, sizeof *l->segs);
	array_trim(&l->lines, &l->caplines, l->nlines, sizeof *l->lines);
	array_trim(&l->links, &l->caplinks, l->nlinks, sizeof *l->links);
	ds_free(&bd.ds);
	free(items);
	free(kept);
	overlay_free(&bd.ov);
	return l->oom ? -1 : l->stopped;
}

/* A table as text (a pith_table_fn): the rows of spans [first, first +
 * n) of a laid out as the reader lays them; its links numbered with
 * PITH_TEXT_LINKS. */
static int
table_text(void *tables, const pith_article *a, size_t first, size_t n,
           unsigned flags, size_t *links, char **out, size_t *len)
{
	/* As wide as they are: wider than any table's text. */
	enum { WIDE = 1 << 20 };
	layout_tables *tb = tables;
	int w = tb->width;
	layout_options o = { .width = w > 0 ? w : WIDE, .plain = 1,
	    .numbers = (flags & PITH_TEXT_LINKS) != 0, .link_base = (int)*links };
	layout l = { .width = o.width };
	builder bd = { .l = &l, .o = &o, .a = a, .d = pith_article_doc(a), .link = -1,
	    .measure = o.width, .grid = &tb->grid };
	const pith_span *sp = pith_article_spans(a) + first;
	item *items = malloc((n ? n : 1) * sizeof *items);
	size_t ni = 0, k = 0, total = 0;
	char *t = NULL;

	for (size_t i = 0; items != NULL && i < n; i++) {
		const pith_block *blk = pith_doc_block(bd.d, sp[i].block);

		items[ni] = (item){ sp[i].block, sp[i].start,
		    sp[i].end <= blk->len ? sp[i].end : blk->len };
		trim(blk, &items[ni].s, &items[ni].e);
		ni += items[ni].s < items[ni].e;
	}
	if (items != NULL && ni > 0)
		table(&bd, items, ni, NULL, 0, &k);
	for (size_t i = 0; i < l.nsegs; i++)
		total += l.segs[i].len;
	if (items != NULL && !l.oom && (t = malloc(total + l.nlines + 1)) != NULL) {
		*len = 0;
		for (size_t i = 0; i < l.nlines; i++) {
			const layout_line *ln = &l.lines[i];

			if (i > 0)
				t[(*len)++] = '\n';
			for (size_t g = ln->seg; g < ln->seg + ln->nseg; g++) {
				memcpy(t + *len, l.text + l.segs[g].off, l.segs[g].len);
				*len += l.segs[g].len;
			}
		}
		t[*len] = '\0';
		*links += l.nlinks;
	}
	*out = t;
	ds_free(&bd.ds);
	layout_free(&l);
	free(items);
	return t != NULL ? 0 : -1;
}

pith_code
layout_article_text(const pith_article *a, unsigned flags, int width, char **out,
                    size_t *len, pith_error *err)
{
	layout_tables tables = { .width = width };

	return pith_article_text_tables(a, flags, table_text, &tables, out, len, err);
}

/* A line of text with a key: the words wrap under their own column, or,
 * when that leaves them too little room, under the key a little in. */
static void
help_line(builder *bd, const char *p, size_t n, unsigned mode)
{
	enum { MIN_WORDS = 20, UNDER = 4 };
	size_t indent = strspn(p, " "), key = indent, words = indent;
	prefix first = {0}, cont = {0};
	char k[64];

	/* The keys end at the last run of spaces ("g  Home    G  End  top"). */
	for (size_t i = indent; i + 1 < n; i++) {
		if (p[i] == ' ' && p[i + 1] == ' ') {
			key = i;
			words = i + strspn(p + i, " ");
			i = words;
		}
	}
	if (words > n)
		words = n;
	if (key == indent) {
		/* No key: words alone, wrapped under their indent. */
		pfx_spaces(&first, (int)indent);
	} else if (words == n || bd->measure - wrap_width(p, words) < MIN_WORDS) {
		/* The key alone, the words below it. */
		ds_reset(&bd->ds);
		ds_text(&bd->ds, p, indent, mode, TH_TEXT, 0, 1, -1);
		ds_text(&bd->ds, p + indent, key - indent, mode, TH_BULLET, 0, 1, -1);
		emit(bd, &bd->ds, LAYOUT_NONE, &first, &first, 0);
		if (words == n)
			return;
		pfx_spaces(&first, (int)indent + UNDER);
	} else {
		snprintf(k, sizeof k, "%.*s", (int)(key - indent), p + indent);
		pfx_spaces(&first, (int)indent);
		pfx_add(&first, k, TH_BULLET);
		pfx_spaces(&first, wrap_width(p + key, words - key));
	}
	pfx_spaces(&cont, first.width);
	ds_reset(&bd->ds);
	ds_text(&bd->ds, p + words, n - words, mode, TH_TEXT, 0, 1, -1);
	emit(bd, &bd->ds, LAYOUT_NONE, &first, &cont, 0);
}

int
layout_text(layout *l, const char *text, int width, int ascii)
{
	layout_options o = { .width = width, .ascii = ascii };
	builder bd = { .l = l, .o = &o, .link = -1 };
	prefix pf = {0};
	const char *p = text;

	memset(l, 0, sizeof *l);
	bd.measure = width > 0 ? width : 80;
	l->width = bd.measure;
	while (*p != '\0' && !l->oom) {
		size_t n = strcspn(p, "\n");
		unsigned mode = ascii ? ASCII : 0;

		ds_reset(&bd.ds);
		if (n == 0) {
			new_line(&bd, LAYOUT_NONE, 0);
		} else if (p[0] != ' ') {
			ds_text(&bd.ds, p, n, mode, TH_HEADING, LAYOUT_STRONG, 1, -1);
			emit(&bd, &bd.ds, LAYOUT_NONE, &pf, &pf, 0);
		} else {
			help_line(&bd, p, n, mode);
		}
		if (bd.ds.oom)
			l->oom = 1;
		p += n + (p[n] == '\n');
	}
	ds_free(&bd.ds);
	return l->oom ? -1 : 0;
}

void
layout_free(layout *l)
{
	free(l->text);
	free(l->segs);
	free(l->lines);
	free(l->links);
	memset(l, 0, sizeof *l);
}

int
layout_add_line(layout *l, size_t b, unsigned flags)
{
	builder bd = { .l = l, .link = -1 };

	return new_line(&bd, b, flags) != NULL ? 0 : -1;
}

int
layout_add_text(layout *l, const char *s, size_t n, unsigned elem,
                unsigned attr, int content, int link)
{
	builder bd = { .l = l, .link = -1 };
	char small[256], *clean = small;
	size_t k;

	if (l->nlines == 0 && layout_add_line(l, LAYOUT_NONE, 0) != 0)
		return -1;
	/* An invalid byte grows to U+FFFD's three. */
	if (3 * n + 1 > sizeof small && (n > SIZE_MAX / 4 || (clean = malloc(3 * n + 1)) == NULL)) {
		l->oom = 1;
		return -1;
	}
	k = layout_clean(s, n, 0, clean, clean == small ? sizeof small : 3 * n + 1);
	add_seg(&bd, clean, k, elem, attr, content, link);
	if (clean != small)
		free(clean);
	return l->oom ? -1 : 0;
}

void
layout_line_text(const layout *l, size_t i, char *out, size_t size)
{
	size_t k = 0;

	if (size == 0)
		return;
	for (size_t j = 0; i < l->nlines && j < l->lines[i].nseg; j++) {
		const layout_seg *sg = &l->segs[l->lines[i].seg + j];
		size_t n = sg->len < size - 1 - k ? sg->len : size - 1 - k;

		memcpy(out + k, l->text + sg->off, n);
		k += n;
	}
	out[k] = '\0';
}

size_t
layout_line_of_block(const layout *l, size_t b)
{
	for (size_t i = 0; i < l->nlines; i++)
		if (l->lines[i].block != LAYOUT_NONE && l->lines[i].block >= b)
			return i;
	return LAYOUT_NONE;
}

size_t
layout_block_at(const layout *l, size_t i)
{
	for (; i < l->nlines; i++)
		if (l->lines[i].block != LAYOUT_NONE)
			return l->lines[i].block;
	return LAYOUT_NONE;
}

/* ---------------------------------------------------------- search */

/* A character of searched text: where it is on the screen. */
typedef struct {
	ucs4_t c;              /* folded when searching without case */
	size_t line, off;      /* line and byte of layout.text; LAYOUT_NONE
	                          line: the break between two lines */
	unsigned char len;
} schar;

static int
push_hit(layout_hit **v, size_t *n, size_t *cap, layout_hit h)
{
	if (*n > 0) {
		layout_hit *p = &(*v)[*n - 1];

		if (p->hit == h.hit && p->line == h.line && p->off + p->len == h.off) {
			p->len += h.len;
			return 0;
		}
	}
	if (array_grow(v, cap, *n + 1, sizeof **v) != 0)
		return -1;
	(*v)[(*n)++] = h;
	return 0;
}

/* Match q[0..nq) at t[i..]: a line break in the text matches a space
 * in the query, or nothing at all (words broken across lines). */
static size_t
match_at(const schar *t, size_t nt, size_t i, const ucs4_t *q, size_t nq)
{
	size_t j = 0;

	if (t[i].line == LAYOUT_NONE)
		return 0;
	while (j < nq && i < nt) {
		if (t[i].line == LAYOUT_NONE) {
			j += q[j] == ' ';
			i++;
		} else if (t[i].c == q[j]) {
			i++;
			j++;
		} else {
			return 0;
		}
	}
	return j == nq ? i : 0;
}

int
layout_search(const layout *l, const char *query, layout_hit **hits,
              size_t *nhits, size_t *nmatch)
{
	size_t nq = 0, cap = 0, nt = 0, tcap = 0, qlen = strlen(query);
	ucs4_t *q = malloc((qlen + 1) * sizeof *q);
	schar *t = NULL;
	int fold = 1, rc = 0;

	*hits = NULL;
	*nhits = *nmatch = 0;
	if (q == NULL)
		return -1;
	for (size_t i = 0; i < qlen; ) {
		ucs4_t c;
		int k = u8_mbtoucr(&c, (const uint8_t *)query + i, qlen - i);

		if (k < 0) {
			c = 0xfffd;
			k = 1;
		}
		i += (size_t)k;
		if (uc_tolower(c) != c)
			fold = 0;
		q[nq++] = c;
	}
	for (size_t i = 0; fold && i < nq; i++)
		q[i] = uc_tolower(q[i]);
	if (nq == 0) {
		free(q);
		return 0;
	}
	/* One block at a time, its lines joined by a break. */
	for (size_t ln = 0; ln < l->nlines && rc == 0; ) {
		size_t end = ln + 1;

		while (end < l->nlines && l->lines[ln].block != LAYOUT_NONE &&
		    l->lines[end].block == l->lines[ln].block &&
		    l->lines[end].nseg > l->lines[end].fixed)
			end++;
		nt = 0;
		for (size_t i = ln; i < end && rc == 0; i++) {
			const layout_line *li = &l->lines[i];

			if (i > ln && array_grow(&t, &tcap, nt + 1, sizeof *t) == 0)
				t[nt++] = (schar){ ' ', LAYOUT_NONE, 0, 0 };
			for (size_t s = li->seg; s < li->seg + li->nseg; s++) {
				const layout_seg *sg = &l->segs[s];

				if (!sg->content)
					continue;
				for (size_t b = sg->off; b < sg->off + sg->len; ) {
					ucs4_t c;
					int k = u8_mbtoucr(&c, (const uint8_t *)l->text + b,
					    sg->off + sg->len - b);

					if (k < 0) {
						c = 0xfffd;
						k = 1;
					}
					if (array_grow(&t, &tcap, nt + 1, sizeof *t) != 0) {
						rc = -1;
						break;
					}
					t[nt++] = (schar){ fold ? uc_tolower(c) : c, i, b,
					    (unsigned char)k };
					b += (size_t)k;
				}
			}
		}
		for (size_t i = 0; i < nt && rc == 0; ) {
			size_t e = match_at(t, nt, i, q, nq);

			if (e == 0) {
				i++;
				continue;
			}
			for (size_t k = i; k < e && rc == 0; k++)
				if (t[k].line != LAYOUT_NONE)
					rc = push_hit(hits, nhits, &cap, (layout_hit){
					    t[k].line, t[k].off, t[k].len, *nmatch });
			(*nmatch)++;
			i = e;
		}
		ln = end;
	}
	free(q);
	free(t);
	if (rc != 0) {
		free(*hits);
		*hits = NULL;
		*nhits = *nmatch = 0;
	}
	return rc;
}
