/*
 * text.c - an article as plain text or Markdown.  Both walk the kept
 * spans in order; blocks are separated by a blank line, except that
 * consecutive list blocks and table rows stay on adjacent lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

const pith_block *
article_span(const pith_article *a, size_t i, size_t *s, size_t *e)
{
	const pith_span *sp = &a->spans[i];
	const pith_block *b = pith_doc_block(a->doc, sp->block);

	*s = sp->start;
	*e = sp->end;
	if (b->kind != PITH_BLOCK_PRE) {
		while (*s < *e && (b->text[*s] == ' ' || b->text[*s] == '\n'))
			(*s)++;
		while (*e > *s && (b->text[*e - 1] == ' ' || b->text[*e - 1] == '\n'))
			(*e)--;
	}
	return b;
}

/* Rows and list items sit on adjacent lines; Markdown needs a blank line
 * before a list item's second paragraph, or it would join the first. */
static bool
adjacent(const pith_block *prev, const pith_block *cur, bool markdown)
{
	return (prev->kind == PITH_BLOCK_ROW && cur->kind == PITH_BLOCK_ROW) ||
	    (prev->list > 0 && cur->list > 0 && prev->kind != PITH_BLOCK_PRE &&
	    cur->kind != PITH_BLOCK_PRE &&
	    (!markdown || cur->kind == PITH_BLOCK_ITEM));
}

static pith_code
finish(buf *b, char **out, size_t *len, pith_error *err)
{
	if ((*out = buf_finish(b, len)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	return PITH_OK;
}

/* Whether text leaves the span out: images and captions are for eyes,
 * shown only when asked (image blocks then give their alt text). */
static bool
text_skips(const pith_block *blk, size_t s, size_t e, unsigned flags)
{
	return s == e || ((blk->kind == PITH_BLOCK_IMAGE ||
	    blk->kind == PITH_BLOCK_CAPTION) && !(flags & PITH_TEXT_CAPTIONS));
}

/* The images standing in a block, and how many are written. */
typedef struct {
	const pith_image *v;
	size_t n, k;
} images;

static images
images_of(const pith_article *a, size_t i)
{
	images im = {0};

	im.v = pith_doc_images(a->doc, a->spans[i].block, &im.n);
	return im;
}

/* Bytes from..to of blk into b, with the alt text (if any) of the images
 * standing there when captions are asked for: those before `to`, and at
 * `to` when end says so (1: all; 2: those in link href, whose number
 * comes next). */
static void
put_bytes(buf *b, const pith_block *blk, size_t from, size_t to, images *im,
          unsigned flags, int end, const char *href)
{
	for (; im->k < im->n; im->k++) {
		const pith_image *g = &im->v[im->k];

		if (g->at > to || (g->at == to && !(end == 1 ||
		    (end == 2 && g->href == href))))
			break;
		buf_put(b, blk->text + from, g->at - from);
		from = g->at;
		if ((flags & PITH_TEXT_CAPTIONS) && g->alt[0] != '\0') {
			if (g->space)
				buf_putc(b, ' ');
			buf_puts(b, g->alt);
		}
	}
	buf_put(b, blk->text + from, to - from);
}

/* blk's text s..e into b (NULL: only count), each link's text followed,
 * with PITH_TEXT_LINKS, by "[n]" (n counting on from *n) that hugs its
 * last word; a link is a run of runs with one address.  Its address
 * goes to hrefs[n - 1] when hrefs is not NULL. */
static void
put_text(buf *b, const pith_block *blk, size_t s, size_t e, images *im,
         unsigned flags, size_t *n, const char **hrefs)
{
	size_t at = s;

	/* An image at s stands before the span, at the end of the one before. */
	while (im != NULL && im->k < im->n && im->v[im->k].at <= s)
		im->k++;
	for (size_t i = 0; (flags & PITH_TEXT_LINKS) && i < blk->nruns; i++) {
		const pith_run *r = &blk->runs[i];
		size_t end = r->start + r->len;
		char num[32];

		if (r->href == NULL || !(r->style & PITH_STYLE_LINK) || end <= s ||
		    r->start >= e || (i + 1 < blk->nruns && blk->runs[i + 1].href == r->href &&
		    blk->runs[i + 1].start < e))
			continue;
		if (end > e)
			end = e;
		/* The number hugs the link's last word: a cell's tab or a line
		 * break joins the run before it (pith.h), not the link. */
		while (end > at && (blk->text[end - 1] == ' ' || blk->text[end - 1] == '\t' ||
		    blk->text[end - 1] == '\n'))
			end--;
		if (hrefs != NULL)
			hrefs[*n] = r->href;
		(*n)++;
		if (b != NULL) {
			put_bytes(b, blk, at, end, im, flags, 2, r->href);
			snprintf(num, sizeof num, "[%zu]", *n);
			buf_puts(b, num);
		}
		at = end;
	}
	if (b != NULL)
		put_bytes(b, blk, at, e, im, flags, 1, NULL);
}

pith_code
pith_article_text_tables(const pith_article *a, unsigned flags, pith_table_fn table,
                         void *ctx, char **out, size_t *len, pith_error *err)
{
	const pith_block *prev = NULL;
	size_t links = 0;
	buf b = {0};

	for (size_t i = 0; i < a->nspans; i++) {
		size_t s, e, j = i + 1;
		const pith_block *blk = article_span(a, i, &s, &e);
		images im = images_of(a, i);
		char *t = NULL;
		size_t tn = 0;

		if (text_skips(blk, s, e, flags))
			continue;
		if (prev != NULL)
			buf_puts(&b, adjacent(prev, blk, false) ? "\n" : "\n\n");
		prev = blk;
		if (table == NULL || blk->kind != PITH_BLOCK_ROW) {
			put_text(&b, blk, s, e, &im, flags, &links, NULL);
			continue;
		}
		while (j < a->nspans &&
		    pith_doc_block(a->doc, a->spans[j].block)->kind == PITH_BLOCK_ROW)
			j++;
		if (table(ctx, a, i, j - i, flags, &links, &t, &tn) != 0) {
			buf_free(&b);
			return err_set(err, PITH_ENOMEM, "out of memory");
		}
		buf_put(&b, t, tn);
		free(t);
		prev = pith_doc_block(a->doc, a->spans[j - 1].block);
		i = j - 1;
	}
	return finish(&b, out, len, err);
}

pith_code
pith_article_text(const pith_article *a, unsigned flags, char **out,
                  size_t *len, pith_error *err)
{
	return pith_article_text_tables(a, flags, NULL, NULL, out, len, err);
}

pith_code
pith_article_links(const pith_article *a, unsigned flags, const char ***hrefs,
                   size_t *n, pith_error *err)
{
	*hrefs = NULL;
	*n = 0;
	for (int pass = 0; pass < 2; pass++) {
		size_t k = 0;

		for (size_t i = 0; i < a->nspans; i++) {
			size_t s, e;
			const pith_block *blk = article_span(a, i, &s, &e);

			if (!text_skips(blk, s, e, flags))
				put_text(NULL, blk, s, e, NULL, flags | PITH_TEXT_LINKS, &k,
				    pass == 1 ? *hrefs : NULL);
		}
		if (pass == 0 && (*hrefs = calloc(k + 1, sizeof **hrefs)) == NULL)
			return err_set(err, PITH_ENOMEM, "out of memory");
		*n = k;
	}
	return PITH_OK;
}

/* ---------------------------------------------------------- Markdown */

typedef struct {
	const pith_doc *doc;
	buf out;
	char prefix[256];     /* what every line of the block starts with */
	bool oneline;         /* headings and cells: line breaks become spaces */
	bool table;           /* in a row: escape '|', cells split at '\t' */
} md;

static void
md_newline(md *m)
{
	buf_putc(&m->out, '\n');
	buf_puts(&m->out, m->prefix);
}

/* "&name;" or "&#123;" would be read back as an entity. */
static bool
entity_like(const char *s, size_t n)
{
	size_t i = 1;

	if (i < n && s[i] == '#')
		i++;
	while (i < n && ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
	    (s[i] >= '0' && s[i] <= '9')))
		i++;
	return i > 1 && i < n && s[i] == ';';
}

/* Text with Markdown's punctuation escaped. */
static void
md_escaped(md *m, const char *s, size_t n, bool line_start)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\n') {
			if (m->oneline) {
				buf_putc(&m->out, ' ');
			} else {
				buf_puts(&m->out, "  ");
				md_newline(m);
				line_start = true;
			}
			continue;
		}
		if (c == '\t' && m->table) {
			buf_puts(&m->out, " | ");
			continue;
		}
		if (line_start && c >= '0' && c <= '9') {
			/* "1984. A year" must not start an ordered list. */
			size_t k = i;

			while (k < n && s[k] >= '0' && s[k] <= '9')
				k++;
			buf_put(&m->out, s + i, k - i);
			if (k < n && (s[k] == '.' || s[k] == ')')) {
				buf_putc(&m->out, '\\');
				buf_putc(&m->out, s[k++]);
			}
			i = k - 1;
			line_start = false;
			continue;
		}
		if (strchr("\\`*_[]<>", c) != NULL || (c == '|' && m->table) ||
		    (c == '&' && entity_like(s + i, n - i)) ||
		    (line_start && strchr("#+-=", c) != NULL))
			buf_putc(&m->out, '\\');
		buf_putc(&m->out, c);
		line_start = false;
	}
}

static size_t
longest_run(const char *s, size_t n, char c)
{
	size_t best = 0, cur = 0;

	for (size_t i = 0; i < n; i++) {
		cur = s[i] == c ? cur + 1 : 0;
		if (cur > best)
			best = cur;
	}
	return best;
}

static void
md_fence(md *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf_putc(&m->out, '`');
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static void
md_code(md *m, const char *s, size_t n)
{
	size_t f = longest_run(s, n, '`') + 1;
	/* CommonMark strips one space from each end only when both have
	 * one, so pad both sides whenever a backtick touches the fence. */
	bool pad = s[0] == '`' || s[n - 1] == '`';

	md_fence(m, f);
	if (pad)
		buf_putc(&m->out, ' ');
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '|' && m->table)
			buf_putc(&m->out, '\\');
		buf_putc(&m->out, s[i] == '\t' || s[i] == '\n' ? ' ' : s[i]);
	}
	if (pad)
		buf_putc(&m->out, ' ');
	md_fence(m, f);
}

/* One styled piece: markers hug the text, white space stays outside. */
static void
md_piece(md *m, const char *s, size_t n, unsigned style, bool line_start)
{
	size_t lead = 0, trail = 0;
	const char *mark = (style & PITH_STYLE_STRONG) ?
	    ((style & PITH_STYLE_EMPH) ? "***" : "**") :
	    (style & PITH_STYLE_EMPH) ? "*" : "";

	while (lead < n && is_blank(s[lead]))
		lead++;
	while (trail < n - lead && is_blank(s[n - trail - 1]))
		trail++;
	md_escaped(m, s, lead, line_start);
	s += lead;
	n -= lead + trail;
	if (n > 0 && (style & PITH_STYLE_CODE) && (memchr(s, '\n', n) == NULL ||
	    m->oneline)) {
		md_code(m, s, n);
	} else if (n > 0) {
		buf_puts(&m->out, mark);
		md_escaped(m, s, n, line_start && lead == 0 && !*mark);
		buf_puts(&m->out, mark);
	}
	md_escaped(m, s + n, trail, false);
}

static void
md_url(md *m, const char *u)
{
	buf_putc(&m->out, '<');
	for (; *u; u++) {
		if (*u == '<' || *u == '>' || *u == ' ' || (*u == '|' && m->table))
			buf_puts(&m->out, *u == '<' ? "%3C" : *u == '>' ? "%3E" :
			    *u == ' ' ? "%20" : "%7C");
		else
			buf_putc(&m->out, *u);
	}
	buf_putc(&m->out, '>');
}

/* A walk through one span of a block: the run that holds the next
 * byte, and the images still to come. */
typedef struct {
	const pith_block *blk;
	size_t i;
	const pith_image *v;
	size_t k, n;
} md_walk;

/* The run holding byte at (runs tile the text, and bytes come in order). */
static const pith_run *
run_at(md_walk *w, size_t at)
{
	while (w->i < w->blk->nruns &&
	    w->blk->runs[w->i].start + w->blk->runs[w->i].len <= at)
		w->i++;
	return w->i < w->blk->nruns ? &w->blk->runs[w->i] : NULL;
}

/* An image inside a line: ![alt](src), or its alt text when it has no
 * address; its white space before it unless told not to. */
static void
md_image(md *m, const pith_image *g, bool space)
{
	if (g->space && space)
		buf_putc(&m->out, ' ');
	if (g->src != NULL)
		buf_puts(&m->out, "![");
	md_escaped(m, g->alt, strlen(g->alt), false);
	if (g->src != NULL) {
		buf_puts(&m->out, "](");
		md_url(m, g->src);
		buf_putc(&m->out, ')');
	}
}

/* Bytes from..to run by run in their styles, with the images up to
 * v[kend) standing among them (at `to` too); the first without its
 * white space unless space. */
static void
md_span(md *m, md_walk *w, size_t from, size_t to, size_t kend,
        bool line_start, bool space)
{
	for (size_t at = from;; w->k++) {
		const pith_image *g = w->v != NULL && w->k < kend ? &w->v[w->k] : NULL;
		size_t stop = g != NULL && g->at < to ? g->at : to;

		while (at < stop) {
			const pith_run *r = run_at(w, at);
			size_t re = r != NULL && r->start + r->len < stop ? r->start + r->len : stop;

			md_piece(m, w->blk->text + at, re - at, r != NULL ? r->style : 0,
			    line_start);
			line_start = false;
			at = re;
		}
		if (g == NULL)
			return;
		md_image(m, g, space);
		line_start = false;
		space = true;
	}
}

static bool
blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!is_blank(s[i]))
			return false;
	return true;
}

/* Where the stretch of one link (href; NULL: of none) from byte at
 * ends, before e: its runs, and the images in it, up to v[*kend). */
static size_t
stretch_end(md_walk *w, size_t at, size_t e, const char *href, size_t *kend)
{
	size_t k = w->k, i = w->i;

	for (;;) {
		const pith_run *r;
		size_t stop;

		if (k < w->n && w->v[k].at == at) {
			if (w->v[k].href != href)
				break;
			k++;
			continue;
		}
		if (at >= e || (r = run_at(w, at)) == NULL)
			break;
		stop = r->start + r->len < e ? r->start + r->len : e;
		stop = k < w->n && w->v[k].at < stop ? w->v[k].at : stop;
		/* White space between an image and the words of its link
		 * is the link's, though the page put it outside. */
		if (r->href != href && (href == NULL || !blank(w->blk->text + at, stop - at) ||
		    !((k < w->n && w->v[k].at == stop && w->v[k].href == href) ||
		    (stop < e && (r = run_at(w, stop)) != NULL && r->href == href))))
			break;
		at = stop;
	}
	w->i = i;
	*kend = k;
	return at;
}

/* Inline content of bytes s..e of block b, with the images standing in
 * it (those at s stand before it).  A link spans all its runs and the
 * images in it (one link, not one each), and white space at its edges
 * goes outside the brackets. */
static void
md_inline(md *m, size_t b, size_t s, size_t e)
{
	md_walk w = { .blk = pith_doc_block(m->doc, b) };
	size_t at = s;

	w.v = pith_doc_images(m->doc, b, &w.n);
	while (w.k < w.n && w.v[w.k].at <= s)
		w.k++;
	while (at < e || (w.k < w.n && w.v[w.k].at <= e)) {
		const pith_run *r = w.k < w.n && w.v[w.k].at == at ? NULL : run_at(&w, at);
		const char *href = r != NULL ? r->href : w.k < w.n && w.v[w.k].at == at ?
		    w.v[w.k].href : NULL;
		size_t kend, to = stretch_end(&w, at, e, href, &kend), lead = at, trail = to;
		const pith_image *first = w.v != NULL && w.k < kend ? &w.v[w.k] : NULL,
		    *last = first != NULL ? &w.v[kend - 1] : NULL;

		if (to == at && kend == w.k)
			break;      /* bytes past the runs: none in a well-formed block */
		/* The link's text, less white space at its edges (an image
		 * is never white space). */
		while (lead < to && is_blank(w.blk->text[lead]) &&
		    (first == NULL || first->at > lead))
			lead++;
		while (trail > lead && is_blank(w.blk->text[trail - 1]) &&
		    (last == NULL || last->at < trail))
			trail--;
		if (href == NULL || (lead == trail && kend == w.k)) {
			md_span(m, &w, at, to, kend, at == s, true);
			at = to;
			continue;
		}
		md_escaped(m, w.blk->text + at, lead - at, false);
		if (first != NULL && first->at == lead && first->space)
			buf_putc(&m->out, ' ');
		buf_putc(&m->out, '[');
		md_span(m, &w, lead, trail, kend, false, first == NULL || first->at > lead);
		buf_puts(&m->out, "](");
		md_url(m, href);
		buf_putc(&m->out, ')');
		md_escaped(m, w.blk->text + trail, to - trail, false);
		at = to;
	}
}

static size_t
cells(const pith_block *b, size_t s, size_t e)
{
	size_t n = 1;

	for (size_t i = s; i < e; i++)
		n += b->text[i] == '\t';
	return n;
}

static void
md_block(md *m, const pith_article *a, size_t i, const pith_block *prev)
{
	size_t s, e, p = 0;
	const pith_block *blk = article_span(a, i, &s, &e);

	for (int q = 0; q < blk->quote && p + 3 < sizeof m->prefix; q++)
		p += (size_t)snprintf(m->prefix + p, sizeof m->prefix - p, "> ");
	for (int l = 1; l < blk->list + (blk->kind != PITH_BLOCK_ITEM) &&
	    p + 4 < sizeof m->prefix; l++)
		p += (size_t)snprintf(m->prefix + p, sizeof m->prefix - p, "   ");
	m->prefix[p] = '\0';
	buf_puts(&m->out, m->prefix);
	m->table = m->oneline = false;

	switch (blk->kind) {
	case PITH_BLOCK_HEADING:
		for (int l = 0; l < blk->level; l++)
			buf_putc(&m->out, '#');
		buf_putc(&m->out, ' ');
		m->oneline = true;
		md_inline(m, a->spans[i].block, s, e);
		break;
	case PITH_BLOCK_ITEM:
		if (blk->ordered) {
			char num[24];

			snprintf(num, sizeof num, "%d. ", blk->number);
			buf_puts(&m->out, num);
		} else {
			buf_puts(&m->out, "- ");
		}
		strncat(m->prefix, "   ", sizeof m->prefix - strlen(m->prefix) - 1);
		md_inline(m, a->spans[i].block, s, e);
		break;
	case PITH_BLOCK_PRE: {
		size_t f = longest_run(blk->text + s, e - s, '`') + 1;

		md_fence(m, f < 3 ? 3 : f);
		for (size_t k = s; k < e; k++) {
			if (k == s || blk->text[k - 1] == '\n')
				md_newline(m);
			if (blk->text[k] != '\n')
				buf_putc(&m->out, blk->text[k]);
		}
		md_newline(m);
		md_fence(m, f < 3 ? 3 : f);
		break;
	}
	case PITH_BLOCK_ROW: {
		m->table = m->oneline = true;
		buf_puts(&m->out, "| ");
		md_inline(m, a->spans[i].block, s, e);
		buf_puts(&m->out, " |");
		if (prev == NULL || prev->kind != PITH_BLOCK_ROW) {
			/* GitHub tables need a delimiter row as wide as the
			 * widest row of the table. */
			size_t n = cells(blk, s, e);

			for (size_t k = i + 1; k < a->nspans; k++) {
				size_t ks, ke;
				const pith_block *r = article_span(a, k, &ks, &ke);

				if (r->kind != PITH_BLOCK_ROW)
					break;
				if (cells(r, ks, ke) > n)
					n = cells(r, ks, ke);
			}
			for (size_t k = cells(blk, s, e); k < n; k++)
				buf_puts(&m->out, " |");
			md_newline(m);
			buf_putc(&m->out, '|');
			for (size_t k = 0; k < n; k++)
				buf_puts(&m->out, " --- |");
		}
		break;
	}
	case PITH_BLOCK_RULE:
		buf_puts(&m->out, "---");
		break;
	case PITH_BLOCK_IMAGE:
		m->oneline = true;
		buf_puts(&m->out, "![");
		md_escaped(m, blk->text + s, e - s, false);
		buf_puts(&m->out, "](");
		md_url(m, blk->src != NULL ? blk->src : "");
		buf_putc(&m->out, ')');
		break;
	case PITH_BLOCK_CAPTION:
	case PITH_BLOCK_PARA:
		md_inline(m, a->spans[i].block, s, e);
		break;
	}
}

pith_code
pith_article_markdown(const pith_article *a, char **out, size_t *len,
                      pith_error *err)
{
	const pith_block *prev = NULL;
	md m = { .doc = a->doc };

	for (size_t i = 0; i < a->nspans; i++) {
		size_t s, e;
		const pith_block *blk = article_span(a, i, &s, &e);

		if (s == e && blk->kind != PITH_BLOCK_RULE && blk->kind != PITH_BLOCK_IMAGE)
			continue;
		if (prev != NULL && adjacent(prev, blk, true)) {
			buf_putc(&m.out, '\n');
		} else if (prev != NULL) {
			/* Inside one quote the blank line keeps its '>'s, or the
			 * quote would split in two. */
			int q = prev->quote < blk->quote ? prev->quote : blk->quote;

			buf_putc(&m.out, '\n');
			for (int k = 0; k < q; k++)
				buf_puts(&m.out, k + 1 < q ? "> " : ">");
			buf_putc(&m.out, '\n');
		}
		md_block(&m, a, i, prev);
		prev = blk;
	}
	if (prev != NULL)
		buf_putc(&m.out, '\n');
	return finish(&m.out, out, len, err);
}
