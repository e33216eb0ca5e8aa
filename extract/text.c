/*
 * text.c - an article as plain text or Markdown.  Both walk the kept
 * spans in order; blocks are separated by a blank line, except that
 * consecutive list blocks and table rows stay on adjacent lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static const pith_block *
span_block(const pith_article *a, size_t i, size_t *s, size_t *e)
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

pith_code
pith_article_text(const pith_article *a, char **out, size_t *len,
                  pith_error *err)
{
	const pith_block *prev = NULL;
	buf b = {0};

	for (size_t i = 0; i < a->nspans; i++) {
		size_t s, e;
		const pith_block *blk = span_block(a, i, &s, &e);

		if (s == e)
			continue;
		if (prev != NULL)
			buf_puts(&b, adjacent(prev, blk, false) ? "\n" : "\n\n");
		buf_put(&b, blk->text + s, e - s);
		prev = blk;
	}
	return finish(&b, out, len, err);
}

/* ---------------------------------------------------------- Markdown */

typedef struct {
	buf out;
	char prefix[256];     /* what every line of the block starts with */
	bool table;           /* inside a row: escape '|', cells by '\t' */
} md;

static void
md_newline(md *m)
{
	buf_putc(&m->out, '\n');
	buf_puts(&m->out, m->prefix);
}

/* Text with Markdown's punctuation escaped. */
static void
md_escaped(md *m, const char *s, size_t n, bool line_start)
{
	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\n') {
			if (m->table) {
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
		if (strchr("\\`*_[]<>", c) != NULL || (c == '|' && m->table) ||
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

/* One styled piece: markers hug the text, white space stays outside. */
static void
md_piece(md *m, const char *s, size_t n, unsigned style, bool line_start)
{
	size_t lead = 0, trail = 0;
	const char *mark = (style & PITH_STYLE_STRONG) ?
	    ((style & PITH_STYLE_EMPH) ? "***" : "**") :
	    (style & PITH_STYLE_EMPH) ? "*" : "";

	while (lead < n && (s[lead] == ' ' || s[lead] == '\t'))
		lead++;
	while (trail < n - lead && (s[n - trail - 1] == ' ' || s[n - trail - 1] == '\t'))
		trail++;
	md_escaped(m, s, lead, line_start);
	s += lead;
	n -= lead + trail;
	if (n > 0 && (style & PITH_STYLE_CODE) && !m->table &&
	    memchr(s, '\n', n) == NULL) {
		size_t f = longest_run(s, n, '`') + 1;

		md_fence(m, f);
		buf_puts(&m->out, s[0] == '`' ? " " : "");
		buf_put(&m->out, s, n);
		buf_puts(&m->out, s[n - 1] == '`' ? " " : "");
		md_fence(m, f);
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
		if (*u == '<' || *u == '>' || *u == ' ')
			buf_puts(&m->out, *u == '<' ? "%3C" : *u == '>' ? "%3E" : "%20");
		else
			buf_putc(&m->out, *u);
	}
	buf_putc(&m->out, '>');
}

/* Inline content of blk's bytes s..e, links grouped over their runs. */
static void
md_inline(md *m, const pith_block *blk, size_t s, size_t e)
{
	const char *href = NULL;
	bool line_start = true;

	for (size_t i = 0; i < blk->nruns; i++) {
		const pith_run *r = &blk->runs[i];
		size_t rs = r->start > s ? r->start : s;
		size_t re = r->start + r->len < e ? r->start + r->len : e;

		if (rs >= re)
			continue;
		if (href != NULL && r->href != href) {
			buf_puts(&m->out, "](");
			md_url(m, href);
			buf_putc(&m->out, ')');
			href = NULL;
		}
		if (href == NULL && r->href != NULL && !m->table) {
			buf_putc(&m->out, '[');
			href = r->href;
		}
		md_piece(m, blk->text + rs, re - rs, r->style, line_start);
		line_start = false;
	}
	if (href != NULL) {
		buf_puts(&m->out, "](");
		md_url(m, href);
		buf_putc(&m->out, ')');
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
	const pith_block *blk = span_block(a, i, &s, &e);

	for (int q = 0; q < blk->quote && p + 3 < sizeof m->prefix; q++)
		p += (size_t)snprintf(m->prefix + p, sizeof m->prefix - p, "> ");
	for (int l = 1; l < blk->list + (blk->kind != PITH_BLOCK_ITEM) &&
	    p + 4 < sizeof m->prefix; l++)
		p += (size_t)snprintf(m->prefix + p, sizeof m->prefix - p, "   ");
	m->prefix[p] = '\0';
	buf_puts(&m->out, m->prefix);
	m->table = false;

	switch (blk->kind) {
	case PITH_BLOCK_HEADING:
		for (int l = 0; l < blk->level; l++)
			buf_putc(&m->out, '#');
		buf_putc(&m->out, ' ');
		m->table = true;        /* keeps it on one line */
		md_inline(m, blk, s, e);
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
		md_inline(m, blk, s, e);
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
		m->table = true;
		buf_puts(&m->out, "| ");
		md_inline(m, blk, s, e);
		buf_puts(&m->out, " |");
		if (prev == NULL || prev->kind != PITH_BLOCK_ROW) {
			/* GitHub tables need a delimiter row as wide as the
			 * widest row of the table. */
			size_t n = cells(blk, s, e);

			for (size_t k = i + 1; k < a->nspans; k++) {
				size_t ks, ke;
				const pith_block *r = span_block(a, k, &ks, &ke);

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
	case PITH_BLOCK_CAPTION:
	case PITH_BLOCK_PARA:
		md_inline(m, blk, s, e);
		break;
	}
}

pith_code
pith_article_markdown(const pith_article *a, char **out, size_t *len,
                      pith_error *err)
{
	const pith_block *prev = NULL;
	md m = {0};

	for (size_t i = 0; i < a->nspans; i++) {
		size_t s, e;
		const pith_block *blk = span_block(a, i, &s, &e);

		if (s == e && blk->kind != PITH_BLOCK_RULE)
			continue;
		if (prev != NULL)
			buf_puts(&m.out, adjacent(prev, blk, true) ? "\n" : "\n\n");
		md_block(&m, a, i, prev);
		prev = blk;
	}
	if (prev != NULL)
		buf_putc(&m.out, '\n');
	return finish(&m.out, out, len, err);
}
