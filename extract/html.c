/*
 * html.c - an article as a clean standalone HTML5 document.
 *
 * Nothing from the page is copied as markup: every text and attribute
 * value is escaped, only http(s) and mailto links and http(s) images
 * are kept, and the only elements written are the structural ones
 * chosen here.  The output is well-formed whatever the block sequence:
 * quotes are the outermost structure, lists nest inside them, and a
 * table is closed before either changes.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "internal.h"

/* Deeper lists are drawn at this depth: the HTML stays bounded. */
#define MAX_LIST 32

typedef struct {
	const pith_doc *doc;
	size_t block;              /* the block being written */
	buf out;
	int quote;                 /* <blockquote>s open */
	int nlist;                 /* lists open */
	struct {
		bool ordered;
		bool li;               /* an <li> of this list is open */
		int next;              /* the number the next item would get */
	} list[MAX_LIST];
	bool table;                /* a <table> is open */
} html;

/* Text or an attribute value: the five markup characters as references,
 * controls other than tab and newline dropped (they are parse errors,
 * never meant as text).  nl_br: a newline is a line break (<br>). */
static void
esc(buf *b, const char *s, size_t n, bool nl_br)
{
	for (size_t i = 0; i < n; ) {
		size_t k = str_control_len((const unsigned char *)s + i, n - i);

		if (k > 0) {
			if (s[i] == '\n')
				buf_puts(b, nl_br ? "<br>\n" : "\n");
			else if (s[i] == '\t')
				buf_putc(b, '\t');
			i += k;
			continue;
		}
		switch (s[i]) {
		case '&': buf_puts(b, "&amp;"); break;
		case '<': buf_puts(b, "&lt;"); break;
		case '>': buf_puts(b, "&gt;"); break;
		case '"': buf_puts(b, "&quot;"); break;
		case '\'': buf_puts(b, "&#39;"); break;
		default: buf_putc(b, s[i]); break;
		}
		i++;
	}
}

static void
esc_str(buf *b, const char *s)
{
	esc(b, s, strlen(s), false);
}

/* Only these schemes survive: javascript:, data:, file: and the rest
 * are dropped with the element that carried them. */
static bool
url_ok(const char *u, bool mailto)
{
	return u != NULL && (strncasecmp(u, "http://", 7) == 0 ||
	    strncasecmp(u, "https://", 8) == 0 ||
	    (mailto && strncasecmp(u, "mailto:", 7) == 0));
}

static void
attr(buf *b, const char *name, const char *value)
{
	buf_putc(b, ' ');
	buf_puts(b, name);
	buf_puts(b, "=\"");
	esc_str(b, value);
	buf_putc(b, '"');
}

/* ------------------------------------------------------------ inline */

static void
put_styled(buf *b, const char *s, size_t n, unsigned style)
{
	if (style & PITH_STYLE_STRONG)
		buf_puts(b, "<strong>");
	if (style & PITH_STYLE_EMPH)
		buf_puts(b, "<em>");
	if (style & PITH_STYLE_CODE)
		buf_puts(b, "<code>");
	esc(b, s, n, true);
	if (style & PITH_STYLE_CODE)
		buf_puts(b, "</code>");
	if (style & PITH_STYLE_EMPH)
		buf_puts(b, "</em>");
	if (style & PITH_STYLE_STRONG)
		buf_puts(b, "</strong>");
}

/* Bytes s..e of blk with their styles; a link's runs share one <a>.
 * Bytes no run covers are written plain, so nothing is lost. */
static void
put_part(buf *b, const pith_block *blk, size_t s, size_t e)
{
	size_t pos = s, i = 0;

	while (i < blk->nruns) {
		const char *href = blk->runs[i].href;
		size_t j = i + 1;
		bool open = false;

		if (href != NULL)
			while (j < blk->nruns && blk->runs[j].href == href)
				j++;
		for (size_t k = i; k < j; k++) {
			const pith_run *r = &blk->runs[k];
			size_t rs = r->start > pos ? r->start : pos;
			size_t re = r->start + r->len < e ? r->start + r->len : e;

			if (rs >= re)
				continue;
			if (rs > pos)
				esc(b, blk->text + pos, rs - pos, true);
			if (!open && url_ok(href, true)) {
				buf_puts(b, "<a");
				attr(b, "href", href);
				buf_putc(b, '>');
				open = true;
			}
			put_styled(b, blk->text + rs, re - rs,
			    r->style & ~(unsigned)PITH_STYLE_LINK);
			pos = re;
		}
		if (open)
			buf_puts(b, "</a>");
		i = j;
	}
	if (pos < e)
		esc(b, blk->text + pos, e - pos, true);
}

/* An image inside a line: <img> when its address is safe, else its alt
 * text as the reader shows it; in its link when it has one. */
static void
put_image(buf *b, const pith_image *g)
{
	bool link = url_ok(g->href, true);

	if (g->space)
		buf_putc(b, ' ');
	if (link) {
		buf_puts(b, "<a");
		attr(b, "href", g->href);
		buf_putc(b, '>');
	}
	if (url_ok(g->src, false)) {
		buf_puts(b, "<img");
		attr(b, "src", g->src);
		attr(b, "alt", g->alt);
		buf_putc(b, '>');
	} else if (g->alt[0] != '\0') {
		buf_puts(b, "[image: ");
		esc(b, g->alt, strlen(g->alt), true);
		buf_putc(b, ']');
	} else {
		buf_puts(b, "[image]");
	}
	if (link)
		buf_puts(b, "</a>");
}

/* Bytes s..e of the block being written, with the images standing in
 * them (those at s stand before). */
static void
put_inline(html *h, const pith_block *blk, size_t s, size_t e)
{
	size_t n, from = s;
	const pith_image *v = pith_doc_images(h->doc, h->block, &n);

	for (size_t k = 0; k < n; k++) {
		if (v[k].at <= s || v[k].at > e)
			continue;
		put_part(&h->out, blk, from, v[k].at);
		put_image(&h->out, &v[k]);
		from = v[k].at;
	}
	put_part(&h->out, blk, from, e);
}

/* ---------------------------------------------------------- structure */

static void
close_table(html *h)
{
	if (h->table)
		buf_puts(&h->out, "</table>\n");
	h->table = false;
}

static void
close_lists(html *h, int to)
{
	while (h->nlist > to) {
		h->nlist--;
		if (h->list[h->nlist].li)
			buf_puts(&h->out, "</li>\n");
		buf_puts(&h->out, h->list[h->nlist].ordered ? "</ol>\n" : "</ul>\n");
	}
}

static void
set_quote(html *h, int q)
{
	if (q == h->quote)
		return;
	close_lists(h, 0);
	for (; h->quote > q; h->quote--)
		buf_puts(&h->out, "</blockquote>\n");
	for (; h->quote < q; h->quote++)
		buf_puts(&h->out, "<blockquote>\n");
}

static void
open_list(html *h, bool ordered, int start)
{
	char num[40];

	if (h->nlist > 0 && !h->list[h->nlist - 1].li) {
		/* A list inside a list sits in an item. */
		buf_puts(&h->out, "<li>");
		h->list[h->nlist - 1].li = true;
	}
	if (ordered && start != 1) {
		snprintf(num, sizeof num, "<ol start=\"%d\">\n", start);
		buf_puts(&h->out, num);
	} else {
		buf_puts(&h->out, ordered ? "<ol>\n" : "<ul>\n");
	}
	h->list[h->nlist].ordered = ordered;
	h->list[h->nlist].li = false;
	h->list[h->nlist].next = start;
	h->nlist++;
}

/* Put the output at list depth depth, in an item; a new item for ITEM. */
static void
set_list(html *h, const pith_block *blk, int depth)
{
	bool item = blk->kind == PITH_BLOCK_ITEM;
	bool ordered = item && blk->ordered;

	close_lists(h, depth);
	if (depth == 0)
		return;
	/* An item in a list of the other kind starts a new list. */
	if (item && h->nlist == depth && h->list[depth - 1].ordered != ordered)
		close_lists(h, depth - 1);
	while (h->nlist < depth)
		open_list(h, h->nlist + 1 == depth && ordered,
		    h->nlist + 1 == depth && ordered ? blk->number : 1);
	if (item || !h->list[depth - 1].li) {
		char num[40];

		if (h->list[depth - 1].li)
			buf_puts(&h->out, "</li>\n");
		if (item && ordered && blk->number != h->list[depth - 1].next) {
			snprintf(num, sizeof num, "<li value=\"%d\">", blk->number);
			buf_puts(&h->out, num);
		} else {
			buf_puts(&h->out, "<li>");
		}
		if (item && ordered)
			h->list[depth - 1].next = blk->number + 1;
		h->list[depth - 1].li = true;
	}
}

/* A block's start tag, with its class and its dir (NULL: none). */
static void
open_tag(buf *b, const char *tag, const char *klass, const char *dir)
{
	buf_putc(b, '<');
	buf_puts(b, tag);
	if (klass != NULL)
		attr(b, "class", klass);
	if (dir != NULL)
		attr(b, "dir", dir);
	buf_putc(b, '>');
}

/* Block blk's bytes [s, e); dir when it differs from the page's. */
static void
put_block(html *h, const pith_block *blk, size_t s, size_t e, const char *dir)
{
	buf *b = &h->out;
	char tag[8];

	switch (blk->kind) {
	case PITH_BLOCK_HEADING: {
		int l = blk->level < 1 ? 1 : blk->level > 6 ? 6 : blk->level;

		snprintf(tag, sizeof tag, "h%d", l);
		open_tag(b, tag, NULL, dir);
		put_inline(h, blk, s, e);
		buf_puts(b, "</");
		buf_puts(b, tag);
		buf_putc(b, '>');
		break;
	}
	case PITH_BLOCK_PRE:
		/* The parser drops one newline right after <pre>. */
		open_tag(b, "pre", NULL, dir);
		if (s < e && blk->text[s] == '\n')
			buf_putc(b, '\n');
		esc(b, blk->text + s, e - s, false);
		buf_puts(b, "</pre>");
		break;
	case PITH_BLOCK_ROW:
		if (!h->table)
			buf_puts(b, "<table>\n");
		h->table = true;
		open_tag(b, "tr", NULL, dir);
		for (size_t cs = s; cs <= e; ) {
			const char *tab = memchr(blk->text + cs, '\t', e - cs);
			size_t ce = tab != NULL ? (size_t)(tab - blk->text) : e;

			buf_puts(b, "<td>");
			put_inline(h, blk, cs, ce);
			buf_puts(b, "</td>");
			cs = ce + 1;
		}
		buf_puts(b, "</tr>");
		break;
	case PITH_BLOCK_RULE:
		buf_puts(b, "<hr>");
		break;
	case PITH_BLOCK_IMAGE:
		if (url_ok(blk->src, false)) {
			open_tag(b, "p", "image", dir);
			buf_puts(b, "<img");
			attr(b, "src", blk->src);
			buf_puts(b, " alt=\"");
			esc(b, blk->text + s, e - s, false);
			buf_puts(b, "\"></p>");
		} else if (s < e) {
			/* No safe address: the description is what is left. */
			open_tag(b, "p", "image", dir);
			buf_puts(b, "[image: ");
			esc(b, blk->text + s, e - s, false);
			buf_puts(b, "]</p>");
		}
		break;
	case PITH_BLOCK_CAPTION:
		open_tag(b, "p", "caption", dir);
		put_inline(h, blk, s, e);
		buf_puts(b, "</p>");
		break;
	case PITH_BLOCK_ITEM:
	case PITH_BLOCK_PARA:
		open_tag(b, "p", NULL, dir);
		put_inline(h, blk, s, e);
		buf_puts(b, "</p>");
		break;
	}
	buf_putc(b, '\n');
}

static void
put_head(buf *b, const pith_doc *d)
{
	const pith_meta *m = pith_doc_meta(d);
	const char *title = pith_doc_title(d), *url = pith_doc_url(d);
	const char *lang = pith_doc_lang(d);

	buf_puts(b, "<!DOCTYPE html>\n<html");
	if (lang != NULL && *lang != '\0')
		attr(b, "lang", lang);
	if (m->dir != NULL && (strcmp(m->dir, "ltr") == 0 || strcmp(m->dir, "rtl") == 0))
		attr(b, "dir", m->dir);
	buf_puts(b, ">\n<head>\n<meta charset=\"utf-8\">\n"
	    /* Belt and braces: even a bug here could not run a script. */
	    "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src "
	    "'none'; object-src 'none'; base-uri 'none'; form-action 'none'\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"pith " PITH_VERSION "\">\n<title>");
	/* A document needs a non-empty title. */
	esc_str(b, title != NULL && *title ? title : m->site != NULL && *m->site ?
	    m->site : url != NULL ? url : "Article");
	buf_puts(b, "</title>\n");
	if (url_ok(url, false)) {
		buf_puts(b, "<link rel=\"canonical\"");
		attr(b, "href", url);
		buf_puts(b, ">\n");
	}
	buf_puts(b, "</head>\n<body>\n<article>\n<header>\n");
	if (title != NULL && *title) {
		buf_puts(b, "<h1>");
		esc(b, title, strlen(title), false);
		buf_puts(b, "</h1>\n");
	}
	if (m->byline != NULL && *m->byline) {
		buf_puts(b, "<p class=\"byline\">");
		esc_str(b, m->byline);
		buf_puts(b, "</p>\n");
	}
	if ((m->site != NULL && *m->site) || (m->published != NULL && *m->published)) {
		buf_puts(b, "<p class=\"meta\">");
		if (m->site != NULL && *m->site) {
			buf_puts(b, "<span class=\"site\">");
			esc_str(b, m->site);
			buf_puts(b, "</span>");
		}
		if (m->site != NULL && *m->site && m->published != NULL && *m->published)
			buf_puts(b, " \xc2\xb7 ");
		if (m->published != NULL && *m->published) {
			buf_puts(b, "<span class=\"published\">");
			esc_str(b, m->published);
			buf_puts(b, "</span>");
		}
		buf_puts(b, "</p>\n");
	}
	if (url_ok(url, false)) {
		buf_puts(b, "<p class=\"source\"><a");
		attr(b, "href", url);
		buf_putc(b, '>');
		esc_str(b, url);
		buf_puts(b, "</a></p>\n");
	}
	buf_puts(b, "</header>\n");
}

/* Span i's block's dir, when it is not the page's (<html dir>). */
static const char *
block_dir(const pith_article *a, size_t i)
{
	const char *dir = pith_block_dir(a->doc, a->spans[i].block);
	const char *page = pith_doc_meta(a->doc)->dir;

	return dir != NULL && (page == NULL || strcmp(dir, page) != 0) ? dir : NULL;
}

pith_code
pith_article_html(const pith_article *a, char **out, size_t *len,
                  pith_error *err)
{
	html h;

	memset(&h, 0, sizeof h);
	h.doc = a->doc;
	put_head(&h.out, a->doc);
	for (size_t i = 0; i < a->nspans; i++) {
		size_t s, e;
		const pith_block *blk = article_span(a, i, &s, &e);
		int depth = blk->list < 0 ? 0 : blk->list > MAX_LIST ? MAX_LIST :
		    blk->list;

		if (s == e && blk->kind != PITH_BLOCK_RULE && blk->kind != PITH_BLOCK_IMAGE)
			continue;
		/* A table goes on only while nothing around it changes. */
		if (blk->kind != PITH_BLOCK_ROW || blk->quote != h.quote ||
		    depth != h.nlist || (depth > 0 && !h.list[depth - 1].li))
			close_table(&h);
		if (!h.table) {
			set_quote(&h, blk->quote < 0 ? 0 : blk->quote);
			set_list(&h, blk, depth);
		}
		h.block = a->spans[i].block;
		put_block(&h, blk, s, e, block_dir(a, i));
	}
	close_table(&h);
	close_lists(&h, 0);
	set_quote(&h, 0);
	buf_puts(&h.out, "</article>\n</body>\n</html>\n");
	if ((*out = buf_finish(&h.out, len)) == NULL)
		return err_set(err, PITH_ENOMEM, "out of memory");
	return PITH_OK;
}
